import { type VerificationState, verificationCalls } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The cache key of the member's verification (issue: verified members). */
export const VERIFICATION_KEY = ['verification'] as const;

/** GET /api/verification.php, polled each 1.5 s while the face model compares the selfie. */
export const verificationQuery = queryOptions({
  queryKey: VERIFICATION_KEY,
  queryFn: ({ signal }) => call(verificationCalls.verificationState, { signal }),
  refetchInterval: (q) =>
    (q.state.data as VerificationState | undefined)?.attempt?.status === 'checking' ? 1500 : false,
});

/** POST /api/verification.php: a new attempt with a random pose. */
export const startVerification = () => call(verificationCalls.startVerification, { body: {} });

/** POST /api/verification-selfie.php: the selfie of attempt `attempt`. */
export function uploadSelfie(attempt: number, file: Blob) {
  const form = new FormData();
  form.set('attempt', String(attempt));
  form.set('file', file, 'selfie.jpg');
  return call(verificationCalls.uploadSelfie, { form });
}
