import { ageOn, type MainImage, type MemberCard, type Photo, type Profile, privatePhotoPath } from '@app/contracts';
import type { PhotoRow, ProfileWithMain } from '../db/repositories/profiles.js';
import type { OwnProfile } from '../services/profile/own-profile.js';
import { isOnline } from '../services/profile/presence.js';
import { isVerified } from '../services/verification/rules.js';

/** main_image of SPEC.md 3: file names relative to the site's cdn_prefix. */
export function presentMainImage(photo: PhotoRow | null): MainImage | null {
  if (!photo) return null;
  return {
    filename: photo.filename,
    thumb_filename: photo.thumb_filename,
    status: photo.status as MainImage['status'],
    match: photo.match_filename,
  };
}

/** A search card of a profile. */
export function presentCard({ profile, main }: ProfileWithMain, now = new Date()): MemberCard {
  return {
    id: profile.id,
    name: profile.name,
    age: ageOn(profile.date_of_birth, now),
    gender: profile.gender as MemberCard['gender'],
    country: profile.country,
    region: profile.region,
    city: profile.city,
    main_image: presentMainImage(main),
    fictional: profile.is_fictional,
    verified: isVerified(profile),
    online: isOnline(profile, now),
  };
}

/**
 * A photo as a viewer sees it. Private photos are locked (no file names) unless the viewer is
 * premium or the owner (SPEC.md 6: private photos are for paid members); unlocked, their sizes are
 * absolute paths of GET /api/private-photo.php, which checks the viewer again, since private files
 * are never under the public cdn_prefix. Public photos' names are relative to cdn_prefix.
 */
export function presentPhoto(photo: PhotoRow, canSeePrivate: boolean): Photo {
  const locked = photo.is_private && !canSeePrivate;
  if (locked) return { ...photoHead(photo), locked, filename: null, thumb_filename: null, match: null };
  if (photo.is_private) {
    return {
      ...photoHead(photo),
      locked,
      filename: privatePhotoPath(photo.id, 'full'),
      thumb_filename: privatePhotoPath(photo.id, 'thumb'),
      match: privatePhotoPath(photo.id, 'match'),
    };
  }
  return {
    ...photoHead(photo),
    locked,
    filename: photo.filename,
    thumb_filename: photo.thumb_filename,
    match: photo.match_filename,
  };
}

function photoHead(photo: PhotoRow) {
  return { id: photo.id, status: photo.status as Photo['status'], is_private: photo.is_private };
}

/** The Profile entity; `ownView` adds the date of birth, which others never see. */
export function presentProfile(
  row: ProfileWithMain,
  photos: PhotoRow[],
  opts: { ownView: boolean; canSeePrivate: boolean },
  now = new Date(),
): Profile {
  const p = row.profile;
  return {
    ...presentCard(row, now),
    status: p.status as Profile['status'],
    sexuality: p.sexuality as Profile['sexuality'],
    date_of_birth: opts.ownView ? p.date_of_birth : null,
    hair_color: p.hair_color as Profile['hair_color'],
    eye_color: p.eye_color as Profile['eye_color'],
    body_type: p.body_type as Profile['body_type'],
    relationship_status: p.relationship_status as Profile['relationship_status'],
    tattoos: p.tattoos as Profile['tattoos'],
    reason: p.reason as Profile['reason'],
    interests: p.interests,
    description: p.description,
    photos: photos.map((ph) => presentPhoto(ph, opts.ownView || opts.canSeePrivate)),
  };
}

/** The Profile of SPEC.md 3 as its owner sees it: date of birth, every photo with its status. */
export function presentOwnProfile(own: OwnProfile, now = new Date()): Profile {
  return presentProfile(own.profile, own.photos, { ownView: true, canSeePrivate: true }, now);
}
