import { listStaff, type StaffRow } from '../../db/repositories/staff.js';
import type { AppDeps } from '../../deps.js';

/** Every staff account, by e-mail (admins only; the route authorizes). */
export function listStaffAccounts({ db }: Pick<AppDeps, 'db'>): Promise<StaffRow[]> {
  return listStaff(db);
}
