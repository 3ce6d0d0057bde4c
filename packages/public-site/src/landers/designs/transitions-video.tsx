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

/** Slides of the crossfade: the CSS (styles/landers.css) times exactly this many. */
export const SLIDES = 5;

/**
 * transitionsvideolanding: member photos crossfading in a loop (CSS only; a still first photo for
 * visitors who ask for reduced motion), who is in them listed beneath with their labels, then the video.
 */
export function TransitionsVideo({ ctx, model }: DesignProps) {
  const { t } = ctx;
  const values = textValues(ctx);
  const people = model.profiles.slice(0, SLIDES);
  // Fewer profiles than slides repeat, so the timing of the loop stays the same.
  const slides = people.length > 0 ? Array.from({ length: SLIDES }, (_, i) => people[i % people.length]!) : [];
  return (
    <>
      <section class="ld-fade-hero">
        <div class="pub-container ld-fade-grid">
          <div class="ld-fade-text">
            <h1>{t('landers.transitionsvideolanding.heading')}</h1>
            <p class="pub-lead">{t('landers.transitionsvideolanding.lead', values)}</p>
            <SignupCta ctx={ctx} light />
          </div>
          {slides.length > 0 && (
            // Decorative: everyone in the slides is listed (with the fictional label) right beneath.
            <div class="ld-fade" aria-hidden="true">
              {slides.map((profile, index) => (
                <figure key={index} class={`ld-fade-slide ld-fade-${index + 1}`}>
                  <ProfilePhoto ctx={ctx} profile={profile} eager={index === 0} className="ld-fade-photo" />
                  <figcaption class="ld-fade-cap">
                    {nameAge(profile)} <FictionalMark ctx={ctx} profile={profile} />
                  </figcaption>
                </figure>
              ))}
            </div>
          )}
        </div>
      </section>
      {people.length > 0 && (
        <section class="pub-container ld-fade-people" aria-labelledby="ld-fade-who">
          <h2 id="ld-fade-who">{t('landers.transitionsvideolanding.inSlideshow')}</h2>
          <ul class="ld-chips">
            {people.map((profile) => {
              const place = placeOf(profile, model.regionNames);
              return (
                <li key={profile.id} class="ld-chip" {...profileData(profile)}>
                  <ProfilePhoto ctx={ctx} profile={profile} size="thumb" className="ld-chip-photo" />
                  <span>
                    <a href={profileSignupHref(ctx, profile.id)}>{nameAge(profile)}</a>
                    {place && <span class="pub-small pub-muted"> · {place}</span>}
                  </span>
                  <FictionalMark ctx={ctx} profile={profile} />
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {model.video && (
        <section class="pub-container pub-section" aria-labelledby="ld-fade-video">
          <h2 id="ld-fade-video">{t('landers.transitionsvideolanding.videoHeading')}</h2>
          <VideoBlock ctx={ctx} video={model.video} />
          <SignupCta ctx={ctx} />
        </section>
      )}
    </>
  );
}
