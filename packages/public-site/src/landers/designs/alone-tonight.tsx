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
 * alonetonight: a dark, night-sky hero and a row of profiles to write to this evening. Only real data
 * shows (name, age, place, photo): no online dots, no "active now" (DECISIONS.md: no made-up activity).
 */
export function AloneTonight({ ctx, model }: DesignProps) {
  const { t } = ctx;
  const values = textValues(ctx);
  const profiles = model.profiles.slice(0, 6);
  return (
    <div class="ld-night">
      <section class="pub-container ld-night-hero">
        <div class="ld-moon" aria-hidden="true" />
        <h1>{t('landers.alonetonight.heading')}</h1>
        <p class="pub-lead">{t('landers.alonetonight.lead', values)}</p>
        <SignupCta ctx={ctx} />
      </section>
      {profiles.length > 0 && (
        <section class="pub-container ld-night-list" aria-labelledby="ld-night-cards">
          <h2 id="ld-night-cards">{t('landers.alonetonight.cardsHeading')}</h2>
          <ul class="ld-night-cards">
            {profiles.map((profile, index) => {
              const place = placeOf(profile, model.regionNames);
              return (
                <li key={profile.id} class="ld-night-card" {...profileData(profile)}>
                  <ProfilePhoto
                    ctx={ctx}
                    profile={profile}
                    size="match"
                    eager={index === 0}
                    className="ld-night-photo"
                  />
                  <div>
                    <h3>{nameAge(profile)}</h3>
                    {place && <p class="ld-night-place">{place}</p>}
                    <FictionalMark ctx={ctx} profile={profile} />
                    <a class="ld-night-hello" href={profileSignupHref(ctx, profile.id)}>
                      {t('landers.common.sayHello', { name: profile.name })}
                    </a>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <section class="pub-container ld-night-end" aria-labelledby="ld-night-end">
        <h2 id="ld-night-end">{t('landers.alonetonight.ctaHeading')}</h2>
        <p>{t('landers.alonetonight.ctaText', values)}</p>
        <SignupCta ctx={ctx} note={false} />
      </section>
    </div>
  );
}
