import { accessCalls, type ProfileUpdate, profileEditCalls, type SignupBody } from '@app/contracts';
import { call } from '../../lib/api';

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
  signup: (body: SignupBody) => call(accessCalls.signup, { body }),
  activate: (token: string) => call(accessCalls.activate, { body: { token } }),
  resendActivation: () => call(accessCalls.resendActivation),
  requestReset: (email: string) => call(accessCalls.requestPasswordReset, { body: { email } }),
  resetPassword: (body: { token: string; password: string; password_repeat: string }) =>
    call(accessCalls.resetPassword, { body }),
  changePassword: (body: { old_password: string; password: string; password_repeat: string }) =>
    call(accessCalls.changePassword, { body }),
  changeMail: (body: { email: string; password: string }) => call(accessCalls.requestMailChange, { body }),
  confirmMailChange: (token: string) => call(accessCalls.confirmMailChange, { body: { token } }),
  deletionOffer: (signal?: AbortSignal) => call(accessCalls.deletionOffer, { signal }),
  deleteAccount: (body: { password: string; reason?: string }) => call(accessCalls.deleteAccount, { body }),
  reactivate: (token: string) => call(accessCalls.reactivate, { body: { token } }),
  updateProfile: (body: ProfileUpdate) => call(profileEditCalls.updateProfile, { body }),
};

/** GET /api/export.php: all the member's data as a JSON file download (DECISIONS.md, GDPR). */
export const EXPORT_URL = accessCalls.dataExport.path;
