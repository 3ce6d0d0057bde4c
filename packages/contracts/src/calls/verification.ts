import { z } from 'zod';
import {
  VERIFICATION_SELFIE_PATH,
  VerificationAttemptSchema,
  VerificationSelfieFieldsSchema,
  VerificationSelfieQuerySchema,
  VerificationStateSchema,
} from '../verification.js';
import { defineCall } from './define.js';

const tags = ['verification'] as const;

/** Verified members (issue: verified members; docs/decisions/026-verified-members.md). */
export const verificationCalls = {
  /** GET /api/verification.php: whether the member is verified, and their latest attempt. */
  verificationState: defineCall({
    method: 'GET',
    path: '/api/verification.php',
    kind: 'json',
    response: VerificationStateSchema,
    errors: [403],
    tags,
    summary: 'Whether the member is verified, and their latest attempt',
  }),
  /**
   * POST /api/verification.php: starts an attempt with a random pose (10 minutes to send the
   * selfie); 400 verification_needs_photo without an approved public main image.
   */
  startVerification: defineCall({
    method: 'POST',
    path: '/api/verification.php',
    kind: 'json',
    body: z.object({}).optional(),
    response: VerificationAttemptSchema,
    errors: [400, 403],
    tags,
    summary: 'Start verifying: a random pose to take a selfie in, within 10 minutes',
    description:
      'An earlier attempt still waiting for its selfie ends. 400 verification_needs_photo without an ' +
      'approved public main image to compare with. Fictional profiles are never verified.',
  }),
  /**
   * POST /api/verification-selfie.php, multipart `file` and `attempt`: the selfie, stored privately
   * without metadata; the face model compares it in the job queue (status checking).
   */
  uploadSelfie: defineCall({
    method: 'POST',
    path: VERIFICATION_SELFIE_PATH,
    kind: 'multipart',
    fields: VerificationSelfieFieldsSchema,
    response: VerificationAttemptSchema,
    errors: [400, 403, 404, 410, 413],
    tags,
    summary: 'Send the selfie of an attempt: multipart/form-data with `file` and `attempt`',
    description:
      'Decoded and re-encoded without metadata, stored privately (only the member and moderators see it, ' +
      'deleted when decided). 410 verification_expired after 10 minutes; 404 for an attempt not waiting ' +
      'for a selfie or not the member’s; 400 photo_invalid; 413 photo_too_large.',
  }),
  /** GET /api/verification-selfie.php?attempt=: the member's own selfie while it is kept. */
  ownSelfie: defineCall({
    method: 'GET',
    path: VERIFICATION_SELFIE_PATH,
    kind: 'binary',
    query: VerificationSelfieQuerySchema,
    response: z.unknown().describe('the image (image/jpeg)'),
    errors: [400, 403, 404],
    tags,
    summary: 'The member’s own selfie while it waits for its decision (never anyone else’s)',
  }),
};
