/** @jsxImportSource preact */
import { FictionalIcon } from '../components/fictional-icon.js';
import { Icon } from '../components/icon.js';
import { ProfileCard } from '../components/profile-card.js';
import type { PageContext, PublicProfile } from '../model.js';

/** Data of the home page: a strip of new members when the site allows logged-out search (SPEC.md 5). */
export interface HomeModel {
  members: PublicProfile[];
}

const STEPS = [
  { key: 'signup', icon: 'person' },
  { key: 'search', icon: 'search' },
  { key: 'chat', icon: 'chat' },
] as const;

/** The home page for visitors (SPEC.md 2 "/"): hero, calls to action, new members, how it works, honesty. */
export function HomePage({ ctx, model }: { ctx: PageContext; model: HomeModel }) {
  const { t, site, links } = ctx;
  return (
    <>
      <section class="pub-hero">
        <div class="pub-container">
          <p class="pub-eyebrow">{site.name}</p>
          <h1>{site.index_title || t('home.title', { site: site.name })}</h1>
          <p class="pub-lead">{site.description}</p>
          <div class="pub-actions">
            {site.signupsAllowed ? (
              <a class="pub-btn pub-btn-light pub-btn-lg" href={links.signup}>
                {t('home.signupCta')}
              </a>
            ) : (
              <p>{t('signup.inviteOnly')}</p>
            )}
            <a class="pub-btn pub-btn-outline-light pub-btn-lg" href={links.login}>
              {t('home.loginCta')}
            </a>
          </div>
          <p class="pub-small">{t('home.adultsOnly')}</p>
        </div>
      </section>

      {model.members.length > 0 && (
        <section class="pub-container pub-section" aria-labelledby="home-members">
          <div class="pub-section-head">
            <h2 id="home-members">{t('home.membersTitle')}</h2>
            <a href="/members">{t('home.membersMore')}</a>
          </div>
          <div class="pub-grid">
            {model.members.map((profile) => (
              <ProfileCard key={profile.id} ctx={ctx} profile={profile} href={`/members/${profile.id}`} />
            ))}
          </div>
        </section>
      )}

      <section class="pub-band" aria-labelledby="home-how">
        <div class="pub-container pub-section">
          <h2 id="home-how" class="pub-center">
            {t('home.howTitle')}
          </h2>
          <ol class="pub-steps">
            {STEPS.map(({ key, icon }, index) => (
              <li key={key}>
                <span class="pub-step-icon">
                  <Icon name={icon} />
                </span>
                <h3>
                  {index + 1}. {t(`home.how.${key}.title`)}
                </h3>
                <p>{t(`home.how.${key}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section class="pub-container pub-section" aria-labelledby="home-honest">
        <div class="pub-honest">
          <span class="pub-honest-icon" aria-hidden="true">
            <FictionalIcon icon={site.fictional_icon} />
          </span>
          <div>
            <h2 id="home-honest">{t('home.honestTitle')}</h2>
            <p>{t('home.honestText', { plural: site.fictional_plural })}</p>
            <p>
              <strong>{t('home.honestRules', { singular: site.fictional_singular, site: site.name })}</strong>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
