import type { ProfileUpdate, SignupBody, User } from '@app/contracts';
import { api } from '../../lib/api';

/** `{ok: true}` answer of the confirming calls. */
export interface Done {
  ok: true;
}

/** GET /api/account-delete.php: the retention offer shown before deleting. */
export interface DeletionOffer {
  /** Percent off the next purchase when the member stays. */
  delete_discount: number;
  reactivation_days: number;
}

/**
 * Calls of the access issue (SPEC.md 2, 4, 8), one function each. All throw ApiError with the server's
 * translated message; `data.field` names the form field of a validation error.
 */
export const accessApi = {
  signup: (body: SignupBody) => api<User>('/api/signup.php', { method: 'POST', body }),
  activate: (token: string) => api<User>('/api/activate.php', { method: 'POST', body: { token } }),
  resendActivation: () => api<Done>('/api/activation-resend.php', { method: 'POST', body: {} }),
  requestReset: (email: string) => api<Done>('/api/password-reset.php', { method: 'POST', body: { email } }),
  resetPassword: (body: { token: string; password: string; password_repeat: string }) =>
    api<Done>('/api/password-reset-do.php', { method: 'POST', body }),
  changePassword: (body: { old_password: string; password: string; password_repeat: string }) =>
    api<Done>('/api/password.php', { method: 'POST', body }),
  changeMail: (body: { email: string; password: string }) =>
    api<Done>('/api/mail-change.php', { method: 'POST', body }),
  confirmMailChange: (token: string) => api<Done>('/api/mail-change-do.php', { method: 'POST', body: { token } }),
  deletionOffer: (signal?: AbortSignal) => api<DeletionOffer>('/api/account-delete.php', { signal }),
  deleteAccount: (body: { password: string; reason?: string }) =>
    api<Done>('/api/account-delete.php', { method: 'POST', body }),
  reactivate: (token: string) => api<User>('/api/reactivate.php', { method: 'POST', body: { token } }),
  updateProfile: (body: ProfileUpdate) => api<User['profile']>('/api/profile.php', { method: 'PUT', body }),
};

/** GET /api/export.php: all the member's data as a JSON file download (DECISIONS.md, GDPR). */
export const EXPORT_URL = '/api/export.php';
