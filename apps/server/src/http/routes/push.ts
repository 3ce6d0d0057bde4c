import { notificationCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { registerCall } from '../register-call.js';

/** Web Push subscriptions (SPEC.md 7 `POST /api/user.php?push=1`; issue: notifications). */
export const pushRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  const todo = () => {
    throw new AppError('internal_error', 501);
  };
  registerCall(app, notificationCalls.subscribePush, todo);
  registerCall(app, notificationCalls.unsubscribePush, todo);
};
