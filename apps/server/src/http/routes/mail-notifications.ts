import { notificationCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { registerCall } from '../register-call.js';

/** Notification mails: the signed one-click unsubscribe (RFC 8058) and the mail provider's feedback webhook. */
export const mailNotificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  const todo = () => {
    throw new AppError('internal_error', 501);
  };
  registerCall(app, notificationCalls.unsubscribeState, todo);
  registerCall(app, notificationCalls.unsubscribe, todo);
  registerCall(app, notificationCalls.mailWebhook, todo);
};
