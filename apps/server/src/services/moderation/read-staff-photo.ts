import type { PhotoSize } from '@app/contracts';
import { findPhotoWithOwner } from '../../db/repositories/photos.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorize, photoResource, staffScope } from '../../policies/policies.js';
import { contentTypeOf, fileOf } from '../photos/private-photos.js';
import { type AuditWho, recordAudit } from '../staff/audit.js';

/**
 * One size of any photo for staff (GET /api/admin/photo.php; issue: back office I): waiting,
 * rejected and private photos too, whose files are never public (storage/photo-names.ts). Viewing a
 * private photo is a read of a member's private data: `photo.view_private` is audited before the
 * bytes are answered. Roles that may view photos (admin, moderator, support) on their sites.
 * Input: `{ actor, who, id, size }`. Returns the bytes and their content type.
 * @throws AppError forbidden (403) for roles that may not view photos; not_found (404) for an unknown
 *   photo, one of another site, or a missing file
 */
export async function readStaffPhoto(
  deps: Pick<AppDeps, 'db' | 'photoStore'>,
  input: { actor: Actor; who: AuditWho; id: number; size: PhotoSize },
): Promise<{ data: Buffer; contentType: string }> {
  staffScope(input.actor, 'view', 'photo');
  const found = await findPhotoWithOwner(deps.db, input.id);
  if (!found) throw notFound();
  authorize(input.actor, 'view', photoResource(found));
  if (found.photo.is_private) {
    await recordAudit(deps.db, input.who, {
      action: 'photo.view_private',
      objectType: 'photo',
      objectId: found.photo.id,
      siteId: found.siteId,
      memberUserId: found.ownerUserId,
    });
  }
  const name = fileOf(found.photo, input.size);
  const data = await deps.photoStore.read(name);
  if (!data) throw notFound();
  return { data, contentType: contentTypeOf(name) };
}
