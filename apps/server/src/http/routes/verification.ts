import { verificationCalls } from '@app/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { validationFailed } from '../../errors.js';
import { presentAttempt, presentVerificationState } from '../../presenters/verification.js';
import { readOwnSelfie } from '../../services/verification/read-own-selfie.js';
import { startVerification } from '../../services/verification/start-verification.js';
import { uploadSelfie } from '../../services/verification/upload-selfie.js';
import { verificationState } from '../../services/verification/verification-state.js';
import { requireUser } from '../context.js';
import { readMultipartUpload } from '../multipart.js';
import { registerCall } from '../register-call.js';

/** Verified members: the member's state, a new attempt, the selfie (issue: verified members). */
export const verificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { config } = deps;
  const maxBytes = Math.round(config.photos.maxMegabytes * 1024 * 1024);
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 100 } });

  registerCall(app, verificationCalls.verificationState, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return presentVerificationState(await verificationState(deps, { user: requireUser(req) }));
  });

  registerCall(app, verificationCalls.startVerification, async (req) =>
    presentAttempt(await startVerification(deps, { user: requireUser(req) })),
  );

  registerCall(app, verificationCalls.uploadSelfie, async (req) => {
    const user = requireUser(req);
    const { data, fields } = await readMultipartUpload(req, config.photos.maxMegabytes);
    const attempt = Number(fields.attempt);
    if (!Number.isInteger(attempt) || attempt <= 0) throw validationFailed({ field: 'attempt' });
    return presentAttempt(await uploadSelfie(deps, { user, attempt, data }));
  });

  registerCall(app, verificationCalls.ownSelfie, async (req, reply) => {
    const data = await readOwnSelfie(deps, { user: requireUser(req), attempt: req.query.attempt });
    reply.header('cache-control', 'no-store');
    return reply.type('image/jpeg').send(data);
  });
};
