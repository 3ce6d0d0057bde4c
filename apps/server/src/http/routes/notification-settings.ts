import { notificationCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { registerCall } from '../register-call.js';

/** The member's notification settings, invisible mode and mail language (/notifications). */
export const notificationSettingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  const todo = () => {
    throw new AppError('internal_error', 501);
  };
  registerCall(app, notificationCalls.notificationSettings, todo);
  registerCall(app, notificationCalls.updateNotificationSettings, todo);
};
