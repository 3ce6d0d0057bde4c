import { notificationCalls, type UnsubscribeState } from '@app/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { handleMailFeedback } from '../../services/notifications/mail-feedback.js';
import { changeUnsubscribe, type UnsubscribeView, viewUnsubscribe } from '../../services/notifications/unsubscribe.js';
import { registerCall } from '../register-call.js';

function present(view: UnsubscribeView): UnsubscribeState {
  return { kind: view.kind, site_name: view.siteName, unsubscribed: view.unsubscribed };
}

/** Notification mails: the signed one-click unsubscribe (RFC 8058) and the mail provider's feedback webhook. */
export const mailNotificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // RFC 8058: mail clients post the one-click form as multipart/form-data or url-encoded; both
  // parsers only apply to this plugin's routes. No files, a few short fields.
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 4, fieldSize: 100, parts: 4 },
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  registerCall(app, notificationCalls.unsubscribeState, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return present(await viewUnsubscribe(deps, req.query));
  });

  registerCall(app, notificationCalls.unsubscribe, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return present(await changeUnsubscribe(deps, { link: req.query, body: req.body }));
  });

  registerCall(app, notificationCalls.mailWebhook, async (req) => {
    const { disabled } = await handleMailFeedback(deps, {
      authorization: req.headers.authorization,
      token: (req.query as Record<string, unknown> | undefined)?.token,
      body: req.body,
    });
    return { ok: true as const, disabled };
  });
};
