/** @jsxImportSource preact */
import {
  type DesignProps,
  FictionalMark,
  nameAge,
  ProfilePhoto,
  placeOf,
  profileData,
  profileSignupHref,
  SignupCta,
  textValues,
} from '../shared.js';

/**
 * collagelanding: the profiles as a collage of tilted instant photos around the headline; each photo
 * opens signup with that profile as the first contact.
 */
export function Collage({ ctx, model }: DesignProps) {
  const { t } = ctx;
  const values = textValues(ctx);
  const profiles = model.profiles.slice(0, 8);
  return (
    <>
      <section class="pub-container ld-collage-head">
        <h1>{t('landers.collagelanding.heading')}</h1>
        <p class="pub-lead">{t('landers.collagelanding.lead', values)}</p>
        <SignupCta ctx={ctx} note={false} />
      </section>
      {profiles.length > 0 && (
        <section class="pub-container" aria-labelledby="ld-collage-title">
          <h2 id="ld-collage-title" class="ld-sr">
            {t('landers.common.membersHeading', values)}
          </h2>
          <ul class="ld-collage">
            {profiles.map((profile, index) => {
              const place = placeOf(profile, model.regionNames);
              return (
                <li key={profile.id} class="ld-snap" {...profileData(profile)}>
                  <a href={profileSignupHref(ctx, profile.id)} class="ld-snap-link">
                    <ProfilePhoto ctx={ctx} profile={profile} eager={index === 0} className="ld-snap-photo" />
                    <h3 class="ld-snap-name">{nameAge(profile)}</h3>
                  </a>
                  {place && <p class="ld-snap-place">{place}</p>}
                  <FictionalMark ctx={ctx} profile={profile} />
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <section class="pub-container pub-center ld-collage-cta">
        <p>{t('landers.collagelanding.ctaText', values)}</p>
        <SignupCta ctx={ctx} />
      </section>
    </>
  );
}
