/** @jsxImportSource preact */
import { localeTag } from '../../languages.js';
import type { PageContext } from '../../model.js';
import { groupByRegion, hullPath, MAP_HEIGHT, MAP_WIDTH, placeLabels, projectPins } from '../map-layout.js';
import {
  type DesignProps,
  FictionalMark,
  nameAge,
  ProfilePhoto,
  profileData,
  profileSignupHref,
  SignupCta,
  textValues,
} from '../shared.js';

/** Region labels drawn on the map (the largest groups); every group is listed beneath anyway. */
const MAX_LABELS = 6;

function countryNamer(ctx: PageContext): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([localeTag(ctx.lang)], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/**
 * maplanding: the profiles as pins on a map drawn in SVG from their cities' coordinates (no map tiles,
 * nothing loaded from elsewhere), the area they cover shaded, the largest regions named; beneath, the
 * profiles listed by region.
 */
export function MapLander({ ctx, model }: DesignProps) {
  const { t } = ctx;
  const values = textValues(ctx);
  const profiles = model.profiles.slice(0, 16);
  const shown = new Set(profiles.map((p) => p.id));
  const pins = projectPins(model.places.filter((place) => shown.has(place.id)));
  const groups = groupByRegion(profiles, pins, model.regionNames, countryNamer(ctx));
  const hull = hullPath(pins);
  const summary = t('landers.maplanding.summary', { count: profiles.length, regions: groups.length });
  return (
    <>
      <section class="ld-map-hero">
        <div class="pub-container ld-map-grid">
          <div>
            <h1>{t('landers.maplanding.heading')}</h1>
            <p class="pub-lead">{t('landers.maplanding.lead', values)}</p>
            <SignupCta ctx={ctx} />
          </div>
          <figure class="ld-map">
            <svg
              viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
              width={MAP_WIDTH}
              height={MAP_HEIGHT}
              role="img"
              aria-labelledby="ld-map-title ld-map-desc"
              class="ld-map-svg"
            >
              <title id="ld-map-title">{t('landers.maplanding.mapLabel')}</title>
              <desc id="ld-map-desc">{summary}</desc>
              <rect width={MAP_WIDTH} height={MAP_HEIGHT} class="ld-map-sea" />
              <path
                d="M0 60H400M0 120H400M0 180H400M0 240H400M80 0V300M160 0V300M240 0V300M320 0V300"
                class="ld-map-grid-lines"
              />
              {hull && <path d={hull} class="ld-map-land" />}
              {pins.map((pin) => (
                <circle key={pin.id} cx={pin.x} cy={pin.y} r="6" class="ld-map-pin" />
              ))}
              {placeLabels(groups, MAX_LABELS).map((label) => (
                <text key={label.key} x={label.x} y={label.y} class="ld-map-label">
                  {label.name}
                </text>
              ))}
            </svg>
            <figcaption class="pub-small">{summary}</figcaption>
          </figure>
        </div>
      </section>
      {groups.length > 0 && (
        <section class="pub-container pub-section" aria-labelledby="ld-map-regions">
          <h2 id="ld-map-regions">{t('landers.maplanding.regionsHeading')}</h2>
          <div class="ld-regions">
            {groups.map((group) => (
              <section key={group.key} class="ld-region" aria-labelledby={`ld-region-${group.key}`}>
                <h3 id={`ld-region-${group.key}`}>
                  {group.name} <span class="pub-muted">({group.profiles.length})</span>
                </h3>
                <ul class="ld-region-list">
                  {group.profiles.map((profile) => (
                    <li key={profile.id} {...profileData(profile)}>
                      <ProfilePhoto ctx={ctx} profile={profile} size="thumb" className="ld-region-photo" />
                      <span class="ld-region-who">
                        <a href={profileSignupHref(ctx, profile.id)}>{nameAge(profile)}</a>
                        {profile.city && <span class="pub-small pub-muted">{profile.city}</span>}
                        <FictionalMark ctx={ctx} profile={profile} />
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </section>
      )}
    </>
  );
}
