/** @jsxImportSource preact */
import { Icon } from '../../components/icon.js';
import type { IconName } from '../../icons.js';
import {
  type DesignProps,
  FictionalMark,
  ProfilePhoto,
  placeOf,
  profileData,
  profileSignupHref,
  SignupCta,
  textValues,
} from '../shared.js';

/** The four feature blocks and their icons (the shared icon set, components/icon.tsx). */
const FEATURES: [key: string, icon: IconName][] = [
  ['free', 'person'],
  ['search', 'search'],
  ['chat', 'chat'],
  ['honest', 'lock'],
];

/**
 * iconslanding: four icon-led feature blocks (free signup, search, chat, honest labels), then a row of
 * profile avatars and the call to action.
 */
export function Icons({ ctx, model }: DesignProps) {
  const { t } = ctx;
  const values = textValues(ctx);
  const profiles = model.profiles.slice(0, 6);
  return (
    <>
      <section class="ld-icons-hero">
        <div class="pub-container pub-center">
          <h1>{t('landers.iconslanding.heading')}</h1>
          <p class="pub-lead">{t('landers.iconslanding.lead', values)}</p>
          <SignupCta ctx={ctx} />
        </div>
      </section>
      <section class="pub-container pub-section" aria-labelledby="ld-icons-features">
        <h2 id="ld-icons-features" class="ld-sr">
          {t('landers.iconslanding.featuresHeading', values)}
        </h2>
        <ul class="ld-features">
          {FEATURES.map(([key, icon]) => (
            <li key={key} class="ld-feature">
              <span class="ld-feature-icon">
                <Icon name={icon} />
              </span>
              <h3>{t(`landers.iconslanding.features.${key}.title`)}</h3>
              <p>{t(`landers.iconslanding.features.${key}.text`, values)}</p>
            </li>
          ))}
        </ul>
      </section>
      {profiles.length > 0 && (
        <section class="pub-band" aria-labelledby="ld-icons-profiles">
          <div class="pub-container pub-section">
            <h2 id="ld-icons-profiles" class="pub-center">
              {t('landers.iconslanding.profilesHeading')}
            </h2>
            <ul class="ld-avatars">
              {profiles.map((profile) => {
                const place = placeOf(profile, model.regionNames);
                return (
                  <li key={profile.id} {...profileData(profile)}>
                    <a href={profileSignupHref(ctx, profile.id)} class="ld-avatar-link">
                      <ProfilePhoto ctx={ctx} profile={profile} size="thumb" className="ld-avatar" />
                      <span class="ld-avatar-name">{profile.name}</span>
                    </a>
                    <span class="pub-small pub-muted">
                      {profile.age}
                      {place && ` · ${place}`}
                    </span>
                    <FictionalMark ctx={ctx} profile={profile} />
                  </li>
                );
              })}
            </ul>
            <SignupCta ctx={ctx} note={false} />
          </div>
        </section>
      )}
    </>
  );
}
