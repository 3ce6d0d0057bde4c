import type { AdminFictionalCreateBody } from '@app/contracts';
import { insertFictionalProfile } from '../../db/repositories/fictional-profiles.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { normaliseNiches, profileChanges, resolvePlace } from './fictional-rules.js';
import { loadFictionalSite } from './load-fictional.js';
import { type FictionalDetail, viewFictionalProfile } from './view-fictional-profile.js';

/**
 * Creates a fictional profile on site `body.site_id` (issue: back office II; SPEC.md 1, 3): every
 * profile field with the member editor's rules, the status, the persona note and niches. The row is
 * fictional with no user (it can never log in; the database refuses a user on it). The profile, its
 * persona and the audit entry `fictional.create` are stored in one transaction. Admins only.
 * Answers the new profile as the back office shows it.
 * @throws AppError forbidden (403) for other roles; not_found (404) for a site outside the actor's;
 *   validation_failed (400, data.field) for a bad name, date of birth, interest, country or region
 */
export async function createFictionalProfile(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; who: AuditWho; body: AdminFictionalCreateBody },
): Promise<FictionalDetail> {
  const { body } = input;
  const site = await loadFictionalSite(db, { actor: input.actor, action: 'create', siteId: body.site_id });
  const now = clock.now();
  const changes = profileChanges(body, now);
  const place = resolvePlace(site, null, body);
  const persona = { persona_note: body.persona_note.trim(), niches: normaliseNiches(body.niches) };
  const id = await db.transaction(async (tx) => {
    const values = {
      ...changes,
      ...place,
      site_id: site.id,
      name: body.name,
      gender: body.gender,
      date_of_birth: body.date_of_birth,
    };
    const row = await insertFictionalProfile(tx, values, {
      ...persona,
      created_by: input.who.staffId,
      updated_at: now,
    });
    await recordAudit(tx, input.who, {
      action: 'fictional.create',
      objectType: 'fictional_profile',
      objectId: row.id,
      siteId: site.id,
      after: { ...values, ...persona },
    });
    return row.id;
  });
  return viewFictionalProfile({ db }, { actor: input.actor, id });
}
