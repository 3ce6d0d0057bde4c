import { notificationCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { updateNotificationSettings } from '../../services/notifications/update-notification-settings.js';
import { viewNotificationSettings } from '../../services/notifications/view-notification-settings.js';
import { requireUser } from '../context.js';
import { registerCall } from '../register-call.js';

/** The member's notification settings, invisible mode and mail language (SPEC.md 2 /notifications). */
export const notificationSettingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, clock }) => {
  registerCall(app, notificationCalls.notificationSettings, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return viewNotificationSettings({ db }, { user: requireUser(req) });
  });

  registerCall(app, notificationCalls.updateNotificationSettings, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return updateNotificationSettings(
      { db },
      { user: requireUser(req), site: req.site, update: req.body, now: clock.now() },
    );
  });
};
