/** @jsxImportSource preact */
import { Icon } from '../../components/icon.js';
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
 * socialnetwork: a social-feed layout: a post per profile (avatar, name, place, photo, like and
 * message actions that lead to signup) beside a "join" card. No counts, times or activity are shown
 * that did not happen (DECISIONS.md).
 */
export function Social({ ctx, model }: DesignProps) {
  const { t } = ctx;
  const values = textValues(ctx);
  const profiles = model.profiles.slice(0, 6);
  return (
    <div class="pub-container ld-social">
      <div class="ld-social-side">
        <div class="ld-social-card">
          <h1>{t('landers.socialnetwork.heading')}</h1>
          <p>{t('landers.socialnetwork.lead', values)}</p>
          <h2 id="ld-social-join" class="ld-social-join">
            {t('landers.socialnetwork.joinTitle', values)}
          </h2>
          <p class="pub-small">{t('landers.socialnetwork.joinText')}</p>
          <SignupCta ctx={ctx} />
        </div>
      </div>
      <section class="ld-feed" aria-labelledby="ld-feed-title">
        <h2 id="ld-feed-title" class="ld-sr">
          {t('landers.socialnetwork.feedLabel')}
        </h2>
        {profiles.map((profile, index) => {
          const place = placeOf(profile, model.regionNames);
          const href = profileSignupHref(ctx, profile.id);
          return (
            <article
              key={profile.id}
              class="ld-post"
              {...profileData(profile)}
              aria-labelledby={`ld-post-${profile.id}`}
            >
              <header class="ld-post-head">
                <ProfilePhoto ctx={ctx} profile={profile} size="thumb" className="ld-post-avatar" />
                <div>
                  <h3 id={`ld-post-${profile.id}`}>{nameAge(profile)}</h3>
                  {place && <p class="pub-small pub-muted">{place}</p>}
                </div>
                <FictionalMark ctx={ctx} profile={profile} />
              </header>
              <ProfilePhoto
                ctx={ctx}
                profile={profile}
                eager={index === 0}
                alt={t('landers.common.photoOf', { name: profile.name })}
                className="ld-post-photo"
              />
              <p class="ld-post-text">{t('landers.socialnetwork.post', { name: profile.name, site: ctx.site.name })}</p>
              <footer class="ld-post-actions">
                <a href={href} aria-label={t('landers.socialnetwork.likeName', { name: profile.name })}>
                  <Icon name="heart" /> {t('landers.socialnetwork.like')}
                </a>
                <a href={href} aria-label={t('landers.socialnetwork.messageName', { name: profile.name })}>
                  <Icon name="chat" /> {t('landers.socialnetwork.message')}
                </a>
              </footer>
            </article>
          );
        })}
      </section>
    </div>
  );
}
