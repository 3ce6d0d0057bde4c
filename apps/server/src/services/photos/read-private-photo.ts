import type { PhotoSize } from '@app/contracts';
import { isBlockedEitherWay } from '../../db/repositories/blocks.js';
import { findPhotoWithOwner } from '../../db/repositories/photos.js';
import { findProfileByUserId } from '../../db/repositories/profiles.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { AppDeps } from '../../deps.js';
import { AppError, authenticationRequired, notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, photoResource, profileResource } from '../../policies/policies.js';
import { contentTypeOf, fileOf } from './private-photos.js';

/**
 * One size of a private photo for `viewer` (GET /api/private-photo.php; SPEC.md 6: private photos
 * are for paid members). Allowed: the owner (any status), or a premium member of the photo's site
 * whose profile and the owner's are not blocked either way, once the photo is approved and the
 * owner's profile active. A public photo is served from the photo store's public URL instead.
 * Returns the bytes and their content type. Input: `{ site, actor, photo, size }` (actor: who asks,
 * policies/actor.ts; photo: the photo id). The policy is consulted after the checks above, which
 * keep the premium_required answer for free members.
 * @throws AppError authentication_required (403) for visitors; premium_required (403) for free
 *   members; not_found (404) for an unknown, public, foreign-site, unapproved or blocked photo
 */
export async function readPrivatePhoto(
  { db, photoStore }: Pick<AppDeps, 'db' | 'photoStore'>,
  input: { site: SiteRow; actor: Actor; photo: number; size: PhotoSize },
): Promise<{ data: Buffer; contentType: string }> {
  const { site, actor } = input;
  if (actor.kind !== 'member') throw authenticationRequired();
  const viewer = actor.user;
  const found = await findPhotoWithOwner(db, input.photo);
  if (!found?.photo.is_private || found.siteId !== site.id) throw notFound();
  const isOwner = found.ownerUserId === viewer.id;
  if (!isOwner) {
    if (found.photo.status !== 'approved' || found.profileStatus !== 'active') throw notFound();
    if (!viewer.paid_user) throw new AppError('premium_required', 403, { reason: 'private_photos' });
    const own = await findProfileByUserId(db, viewer.id);
    if (!own || (await isBlockedEitherWay(db, own.profile.id, found.photo.profile_id))) throw notFound();
    authorize(
      actor,
      'view',
      profileResource({ site_id: found.siteId, user_id: found.ownerUserId, status: found.profileStatus }),
    );
  }
  authorize(actor, 'view', photoResource(found));
  const name = fileOf(found.photo, input.size);
  const data = await photoStore.read(name);
  if (!data) throw notFound();
  return { data, contentType: contentTypeOf(name) };
}
