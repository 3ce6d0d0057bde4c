import { listPhotoSettings as selectPhotoSettings } from '../../db/repositories/photos.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { staffScope } from '../../policies/policies.js';

/** A site's automatic photo approval as the photo queue shows it. */
export interface SitePhotoSettings {
  id: number;
  name: string;
  domain: string;
  auto_approve_photos: boolean;
}

/**
 * Whether each of the actor's sites approves new photos automatically (the site setting
 * auto_approve_photos; DECISIONS.md: a site setting may approve automatically). Moderators and admins.
 * Input: `{ actor }`.
 * @throws AppError forbidden (403) for roles that may not moderate photos
 */
export async function listPhotoSettings(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor },
): Promise<SitePhotoSettings[]> {
  const { siteIds } = staffScope(input.actor, 'moderate', 'photo');
  return selectPhotoSettings(deps.db, siteIds);
}
