import type { AdminFictionalUpdateBody } from '@app/contracts';
import {
  lockFictionalProfile,
  savePersona,
  updateFictionalProfileRow,
} from '../../db/repositories/fictional-profiles.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';
import { normaliseNiches, placeOf, profileChanges, resolvePlace } from './fictional-rules.js';
import { loadFictionalFor } from './load-fictional.js';
import { type FictionalDetail, viewFictionalProfile } from './view-fictional-profile.js';

/** `changed`'s keys with their values in `before` (what the audit entry shows as before). */
function beforeOf(before: Record<string, unknown>, changed: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(changed).map((k) => [k, before[k] ?? null]));
}

/**
 * Changes fields of fictional profile `body.id` (issue: back office II; SPEC.md 3): any profile
 * field with the member editor's rules, the status (active, disabled), the persona note and the
 * niches; fields left out stay. There is no field for `is_fictional`, `user_id` or the site: a
 * fictional profile stays fictional, without an account, on its site. The change and the audit entry
 * `fictional.update` (before and after of the changed fields) are stored in one transaction. Admins only.
 * Answers the profile after the change.
 * @throws AppError forbidden (403) for other roles; not_found (404) for an unknown id, a member's
 *   profile or one of a site outside the actor's; validation_failed (400, data.field) for a bad
 *   name, date of birth, interest, country or region
 */
export async function updateFictionalProfile(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; who: AuditWho; body: AdminFictionalUpdateBody },
): Promise<FictionalDetail> {
  const { body } = input;
  const current = await loadFictionalFor(db, { actor: input.actor, action: 'update', id: body.id });
  const now = clock.now();
  const { id: _id, ...fields } = body;
  const changes = profileChanges(fields, now);
  const movesPlace = body.country !== undefined || body.region !== undefined || body.city !== undefined;
  if (movesPlace) Object.assign(changes, resolvePlace(current.site, placeOf(current.profile), body));
  const persona = {
    ...(body.persona_note === undefined ? {} : { persona_note: body.persona_note.trim() }),
    ...(body.niches === undefined ? {} : { niches: normaliseNiches(body.niches) }),
  };
  await db.transaction(async (tx) => {
    const locked = await lockFictionalProfile(tx, current.profile.id);
    if (!locked) throw notFound();
    await updateFictionalProfileRow(tx, locked.id, changes);
    if (Object.keys(persona).length > 0) await savePersona(tx, locked.id, { ...persona, updated_at: now });
    const beforePersona = { persona_note: current.persona?.persona_note ?? '', niches: current.persona?.niches ?? [] };
    await recordAudit(tx, input.who, {
      action: 'fictional.update',
      objectType: 'fictional_profile',
      objectId: locked.id,
      siteId: locked.site_id,
      before: { ...beforeOf(locked, changes), ...beforeOf(beforePersona, persona) },
      after: { ...changes, ...persona },
    });
  });
  return viewFictionalProfile({ db }, { actor: input.actor, id: current.profile.id });
}
