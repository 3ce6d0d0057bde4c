import { notificationCalls } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { attachPushSubscription } from '../../services/notifications/push-attach-subscription.js';
import { removePushSubscription } from '../../services/notifications/push-remove-subscription.js';
import { requireUser } from '../context.js';
import { registerCall } from '../register-call.js';

/** Web Push subscriptions (SPEC.md 7 `POST /api/user.php?push=1`; issue: notifications). */
export const pushRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  registerCall(app, notificationCalls.subscribePush, async (req) =>
    attachPushSubscription(deps, {
      user: requireUser(req),
      subscription: req.body.subscription,
      userAgent: req.headers['user-agent'],
    }),
  );

  registerCall(app, notificationCalls.unsubscribePush, async (req) =>
    removePushSubscription(deps, { user: requireUser(req), endpoint: req.body.endpoint }),
  );
};
