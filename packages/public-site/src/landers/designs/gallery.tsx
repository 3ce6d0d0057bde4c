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
 * gallery: a photo-grid gallery (two columns on a phone, up to four on a wide screen) of portrait
 * photos with name, age and place beneath, and a call to action at the end of the grid.
 */
export function Gallery({ ctx, model }: DesignProps) {
  const { t } = ctx;
  const values = textValues(ctx);
  const profiles = model.profiles.slice(0, 12);
  return (
    <div class="pub-container ld-gallery-page">
      <header class="ld-gallery-head">
        <h1>{t('landers.gallery.heading')}</h1>
        <p class="pub-lead">{t('landers.gallery.lead', values)}</p>
        <SignupCta ctx={ctx} note={false} />
      </header>
      {profiles.length > 0 && (
        <section aria-labelledby="ld-gallery-title">
          <h2 id="ld-gallery-title" class="ld-gallery-count">
            {t('landers.gallery.count', { count: profiles.length })}
          </h2>
          <ul class="ld-gallery">
            {profiles.map((profile, index) => {
              const place = placeOf(profile, model.regionNames);
              return (
                <li key={profile.id} {...profileData(profile)}>
                  <figure class="ld-frame">
                    <a href={profileSignupHref(ctx, profile.id)}>
                      <ProfilePhoto ctx={ctx} profile={profile} eager={index === 0} className="ld-frame-photo" />
                      <span class="ld-sr">{t('landers.common.sayHello', { name: profile.name })}</span>
                    </a>
                    <figcaption>
                      <strong>{nameAge(profile)}</strong>
                      {place && <span class="ld-frame-place">{place}</span>}
                      <FictionalMark ctx={ctx} profile={profile} />
                    </figcaption>
                  </figure>
                </li>
              );
            })}
            <li class="ld-gallery-more">
              <h3>{t('landers.gallery.ctaHeading')}</h3>
              <p>{t('landers.gallery.ctaText', values)}</p>
              <SignupCta ctx={ctx} note={false} />
            </li>
          </ul>
        </section>
      )}
    </div>
  );
}
