/** @jsxImportSource preact */
import { FictionalBadge } from '../layout.js';
import type { PageContext, PublicProfile } from '../model.js';
import type { LanderModel } from './model.js';

/** Pixel sizes of the photo files (docs/photos.md): the square card size "match" and the thumbnail. */
export const PHOTO_SIZES = { match: 600, thumb: 160 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;

/** What every lander design is drawn from. */
export interface DesignProps {
  ctx: PageContext;
  model: LanderModel;
}

/** URL of a photo file of the site (SPEC.md 3: cdn_prefix + file name). */
export function fileUrl(ctx: PageContext, file: string): string {
  return `${ctx.site.cdn_prefix}${file}`;
}

/** URL of a profile's approved main photo in `size`, or null when it has none. */
export function mainPhotoUrl(ctx: PageContext, profile: PublicProfile, size: PhotoSize): string | null {
  const image = profile.main_image;
  if (!image) return null;
  const file = size === 'thumb' ? image.thumb_filename : image.match || image.filename;
  return file ? fileUrl(ctx, file) : null;
}

/** The profile's city, else its region's name, else its region code; '' when none is known. */
export function placeOf(profile: PublicProfile, regionNames: Record<string, string>): string {
  if (profile.city) return profile.city;
  if (profile.region) return regionNames[profile.region] ?? profile.region;
  return '';
}

/** The query of the page's signup link (tracking values), kept on other signup links. */
function signupQuery(ctx: PageContext): string {
  const at = ctx.links.signup.indexOf('?');
  return at >= 0 ? ctx.links.signup.slice(at) : '';
}

/** Signup with `profileId` as the first contact (SPEC.md 2 /members/{id}/signup). */
export function profileSignupHref(ctx: PageContext, profileId: number): string {
  return `/members/${profileId}/signup${signupQuery(ctx)}`;
}

/** The niche's audience in the page's language ("women", "men over 60"...), for the landers' texts. */
export function audienceOf(ctx: PageContext): string {
  return ctx.t(`landers.audience.${ctx.site.niche}`);
}

/** Values every lander text may use: site name, audience, the fictional label's words. */
export function textValues(ctx: PageContext): Record<string, string> {
  return {
    site: ctx.site.name,
    audience: audienceOf(ctx),
    singular: ctx.site.fictional_singular,
    plural: ctx.site.fictional_plural,
  };
}

/**
 * A profile's main photo: width and height always set (no layout shift), `eager` for the page's first
 * (largest) image with fetchpriority high, lazy otherwise. `alt` empty when a caption names the profile.
 */
export function ProfilePhoto({
  ctx,
  profile,
  size = 'match',
  eager = false,
  alt = '',
  className,
}: {
  ctx: PageContext;
  profile: PublicProfile;
  size?: PhotoSize;
  eager?: boolean;
  alt?: string;
  className?: string;
}) {
  const src = mainPhotoUrl(ctx, profile, size);
  const px = PHOTO_SIZES[size];
  if (!src) {
    return (
      <span class={`ld-nophoto ${className ?? ''}`} aria-hidden="true">
        {profile.name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={px}
      height={px}
      loading={eager ? 'eager' : 'lazy'}
      fetchpriority={eager ? 'high' : undefined}
      decoding={eager ? undefined : 'async'}
      class={className}
    />
  );
}

/** "Name, 34": the profile's name and age. */
export function nameAge(profile: PublicProfile): string {
  return `${profile.name}, ${profile.age}`;
}

/** The fictional label on a fictional profile (DECISIONS.md: always), nothing on a member's. */
export function FictionalMark({ ctx, profile }: { ctx: PageContext; profile: PublicProfile }) {
  return profile.fictional ? <FictionalBadge ctx={ctx} /> : null;
}

/** The main call to action of a lander: to signup (SPEC.md 2), with the adults-only line. */
export function SignupCta({
  ctx,
  light = false,
  label,
  note = true,
}: {
  ctx: PageContext;
  light?: boolean;
  label?: string;
  note?: boolean;
}) {
  const { t, links } = ctx;
  return (
    <div class="ld-cta">
      <a
        class={`pub-btn pub-btn-lg ${light ? 'pub-btn-light' : 'pub-btn-primary'}`}
        href={links.signup}
        data-testid="lander-signup"
      >
        {label ?? t('landers.common.signupCta')}
      </a>
      {note && <p class="pub-small ld-cta-note">{t('landers.common.ctaNote')}</p>}
    </div>
  );
}

/** Data attributes every profile element of a lander carries (tests and analytics find them). */
export function profileData(profile: PublicProfile): Record<string, string> {
  return { 'data-profile-id': String(profile.id), 'data-fictional': profile.fictional ? 'true' : 'false' };
}
