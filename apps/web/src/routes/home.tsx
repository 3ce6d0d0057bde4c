import { isLoggedOutSearchAllowed, isSignupAllowed } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../components/icon';
import { FictionalIcon } from '../features/members/fictional-label';
import { MemberGrid } from '../features/members/member-grid';
import { useSearch } from '../features/members/use-search';
import { useSettings } from '../features/session/use-settings';
import { SignupButton } from '../features/signup/signup-button';
import { hasTrafficSource } from '../lib/tracking';
import { usePageTitle } from '../lib/use-page-title';

const STEPS: { key: string; icon: IconName }[] = [
  { key: 'signup', icon: 'person' },
  { key: 'search', icon: 'search' },
  { key: 'chat', icon: 'chat' },
];

/** Home for visitors: hero, calls to action, a strip of members when allowed, how it works, honesty note. */
export function HomePage() {
  const settings = useSettings();
  const { t } = useTranslation();
  usePageTitle();
  const isTracked = hasTrafficSource();
  const canSearch = isLoggedOutSearchAllowed(settings, isTracked);
  const canSignup = isSignupAllowed(settings.signups, isTracked);
  const strip = useSearch({ page: 1 }, { enabled: canSearch, perPage: 8 });

  return (
    <>
      <section className="hero text-white">
        <div className="container py-5 text-center text-md-start">
          <p className="text-uppercase fw-semibold small mb-2 opacity-75">{settings.name}</p>
          <h1 className="display-5 fw-bold mb-3">{settings.index_title || t('home.title', { site: settings.name })}</h1>
          <p className="lead mb-4 hero-lead">{settings.description}</p>
          <div className="d-flex flex-column flex-sm-row gap-2 justify-content-center justify-content-md-start">
            {canSignup ? (
              <SignupButton className="btn btn-light btn-lg text-primary fw-semibold">
                {t('home.signupCta')}
              </SignupButton>
            ) : (
              <p className="mb-0 align-self-center">{t('signup.inviteOnly')}</p>
            )}
            <Link to="/login" className="btn btn-outline-light btn-lg">
              {t('home.loginCta')}
            </Link>
          </div>
          <p className="small mt-3 mb-0 opacity-75">{t('home.adultsOnly')}</p>
        </div>
      </section>

      {canSearch && (strip.data?.results.length ?? 0) > 0 && (
        <section className="container py-5" aria-labelledby="home-members">
          <div className="d-flex justify-content-between align-items-baseline mb-3">
            <h2 id="home-members" className="h4 mb-0">
              {t('home.membersTitle')}
            </h2>
            <Link to="/members">{t('home.membersMore')}</Link>
          </div>
          <MemberGrid cards={strip.data?.results.slice(0, 8) ?? []} maxColumns={4} headingLevel={3} />
        </section>
      )}

      <section className="bg-body-tertiary py-5" aria-labelledby="home-how">
        <div className="container">
          <h2 id="home-how" className="h4 text-center mb-4">
            {t('home.howTitle')}
          </h2>
          <ol className="row g-4 list-unstyled mb-0">
            {STEPS.map(({ key, icon }, index) => (
              <li key={key} className="col-md-4">
                <div className="card h-100 border-0 shadow-sm text-center p-4 how-step">
                  <span className="how-icon mx-auto mb-3">
                    <Icon name={icon} />
                  </span>
                  <h3 className="h5">
                    {index + 1}. {t(`home.how.${key}.title`)}
                  </h3>
                  <p className="mb-0 text-body-secondary">{t(`home.how.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="container py-5" aria-labelledby="home-honest">
        <div className="card border-0 shadow-sm honesty-card">
          <div className="card-body p-4 d-flex gap-3 align-items-start">
            <span className="fs-2 lh-1">
              <FictionalIcon icon={settings.fictional_icon} />
            </span>
            <div>
              <h2 id="home-honest" className="h5">
                {t('home.honestTitle')}
              </h2>
              <p className="mb-1">{t('home.honestText', { plural: settings.fictional_plural })}</p>
              <p className="mb-0 fw-semibold">
                {t('home.honestRules', { singular: settings.fictional_singular, site: settings.name })}
              </p>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

export { HomePage as Component };
