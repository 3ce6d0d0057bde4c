/** @jsxImportSource preact */
import { FictionalBadge } from '../layout.js';
import type { PageContext, PublicProfile } from '../model.js';

/** Photo URL of a profile's main image (SPEC.md 3: the CDN prefix plus the file name), or null. */
export function photoUrl(
  ctx: PageContext,
  profile: PublicProfile,
  size: 'thumb' | 'full' | 'match' = 'thumb',
): string | null {
  const image = profile.main_image;
  if (!image) return null;
  const file =
    size === 'match' ? image.match : size === 'thumb' ? image.thumb_filename || image.filename : image.filename;
  return file.startsWith('/') ? file : `${ctx.site.cdn_prefix}${file}`;
}

/**
 * A profile card of the public pages: photo (lazy unless `eager`), name, age and place, and the
 * fictional label on fictional profiles (DECISIONS.md: always). The whole card links to `href`.
 */
export function ProfileCard({
  ctx,
  profile,
  href,
  eager = false,
  headingLevel = 3,
}: {
  ctx: PageContext;
  profile: PublicProfile;
  href: string;
  eager?: boolean;
  headingLevel?: 2 | 3 | 4;
}) {
  const src = photoUrl(ctx, profile);
  const Heading = `h${headingLevel}` as 'h3';
  const place = profile.city ?? profile.region ?? '';
  return (
    <article class="pub-card" data-profile-id={profile.id} data-fictional={profile.fictional ? 'true' : 'false'}>
      <a href={href} class="pub-card-link">
        {src ? (
          <img
            src={src}
            alt=""
            width={300}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            fetchpriority={eager ? 'high' : undefined}
            class="pub-card-photo"
          />
        ) : (
          <span class="pub-card-photo pub-card-nophoto" aria-hidden="true">
            {profile.name.slice(0, 1)}
          </span>
        )}
        <Heading class="pub-card-name">
          {profile.name}, {profile.age}
        </Heading>
      </a>
      {place && <p class="pub-card-place">{place}</p>}
      {profile.fictional && <FictionalBadge ctx={ctx} />}
    </article>
  );
}
