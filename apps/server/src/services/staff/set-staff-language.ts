import { updateStaff } from '../../db/repositories/staff.js';
import type { AppDeps } from '../../deps.js';

/** Back-office languages (issue: back office I: English and Dutch at least). */
export const STAFF_LANGUAGES = ['en', 'nl'] as const;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];

/** Stores the back-office language of a staff account. */
export async function setStaffLanguage(
  { db }: Pick<AppDeps, 'db'>,
  input: { staffId: number; language: StaffLanguage },
): Promise<void> {
  await updateStaff(db, input.staffId, { language: input.language });
}
