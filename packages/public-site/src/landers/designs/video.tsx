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
import { VideoBlock } from '../video-block.js';

/**
 * video: the site's video first (poster, the browser's controls, no autoplay), the headline and call
 * to action beside it, then a strip of profiles.
 */
export function Video({ ctx, model }: DesignProps) {
  const { t } = ctx;
  const values = textValues(ctx);
  const profiles = model.profiles.slice(0, 4);
  return (
    <>
      <section class="ld-video-hero">
        <div class="pub-container ld-video-grid">
          <div>
            <h1>{t('landers.video.heading', values)}</h1>
            <p class="pub-lead">{t('landers.video.lead', values)}</p>
          </div>
          {model.video && <VideoBlock ctx={ctx} video={model.video} />}
          <SignupCta ctx={ctx} light />
        </div>
      </section>
      {profiles.length > 0 && (
        <section class="pub-container pub-section" aria-labelledby="ld-video-profiles">
          <h2 id="ld-video-profiles">{t('landers.video.profilesHeading')}</h2>
          <ul class="ld-strip">
            {profiles.map((profile) => {
              const place = placeOf(profile, model.regionNames);
              return (
                <li key={profile.id} class="ld-strip-item" {...profileData(profile)}>
                  <a href={profileSignupHref(ctx, profile.id)} class="ld-strip-link">
                    <ProfilePhoto ctx={ctx} profile={profile} className="ld-strip-photo" />
                    <h3>{nameAge(profile)}</h3>
                  </a>
                  {place && <p class="pub-small pub-muted">{place}</p>}
                  <FictionalMark ctx={ctx} profile={profile} />
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}
