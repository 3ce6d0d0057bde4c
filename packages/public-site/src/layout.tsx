/** @jsxImportSource preact */
import { cleanPhone } from '@app/contracts';
import type { ComponentChildren } from 'preact';
import { FictionalIcon } from './components/fictional-icon.js';
import { Icon } from './components/icon.js';
import type { ConsentIslandProps } from './consent/index.js';
import { Island } from './island.js';
import { languageName } from './languages.js';
import type { PageContext } from './model.js';

const FOOTER_LINKS = [
  ['/pages/terms', 'footer.terms'],
  ['/pages/privacy', 'footer.privacy'],
  ['/pages/cookies', 'footer.cookies'],
  ['/pages/ban', 'footer.ban'],
  ['/pricing', 'footer.pricing'],
  ['/complaints', 'footer.complaints'],
  ['/pages/return-policy', 'footer.returnPolicy'],
  ['/pages/faq', 'footer.faq'],
  ['/pages/service', 'footer.support'],
] as const;

/** The site's logo, or its name as text (SPEC.md 2 landing layout: logo bar). */
export function SiteLogo({ ctx }: { ctx: PageContext }) {
  const { site, links } = ctx;
  return (
    <a href={links.home} class="pub-brand" aria-label={site.logoUrl ? site.name : undefined}>
      {site.logoUrl ? <img src={site.logoUrl} alt="" width={160} height={40} class="pub-logo" /> : site.name}
    </a>
  );
}

/** Language menu: plain links to the same page in each of the site's languages (no script needed). */
export function LanguageMenu({ ctx }: { ctx: PageContext }) {
  const { site, lang, t, links } = ctx;
  if (site.languages.length < 2) return null;
  return (
    <details class="pub-lang">
      <summary aria-label={t('nav.language')}>
        <Icon name="globe" /> {lang.toUpperCase()}
      </summary>
      <ul>
        {site.languages.map((lng) => (
          <li key={lng}>
            <a href={links.inLanguage(lng)} hrefLang={lng} lang={lng} aria-current={lng === lang ? 'true' : undefined}>
              {languageName(lng)}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Top bar of every public page: logo, language menu, login (or the members area) and signup. */
export function Header({ ctx, minimal = false }: { ctx: PageContext; minimal?: boolean }) {
  const { t, links, loggedIn, site } = ctx;
  return (
    <header class="pub-header">
      <div class="pub-container pub-header-row">
        <SiteLogo ctx={ctx} />
        <nav class="pub-header-nav" aria-label={t('nav.main')}>
          <LanguageMenu ctx={ctx} />
          {loggedIn ? (
            <a class="pub-btn pub-btn-outline" href="/members">
              {t('layout.membersArea')}
            </a>
          ) : (
            <>
              <a class="pub-btn pub-btn-outline" href={links.login}>
                {t('nav.login')}
              </a>
              {!minimal && site.signupsAllowed && (
                <a class="pub-btn pub-btn-primary pub-hide-xs" href={links.signup}>
                  {t('nav.signup')}
                </a>
              )}
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

/** The fictional label: the site's icon and its name for a fictional profile (DECISIONS.md). */
export function FictionalBadge({ ctx }: { ctx: PageContext }) {
  return (
    <span class="pub-fictional" data-testid="fictional-label">
      <FictionalIcon icon={ctx.site.fictional_icon} /> {ctx.site.fictional_singular}
    </span>
  );
}

/** Footer (SPEC.md 2): legal links, support, company line, adults-only and fictional-profiles notice. */
export function Footer({ ctx }: { ctx: PageContext }) {
  const { t, site, company, lang } = ctx;
  const phone = cleanPhone(site.support_phone);
  return (
    <footer class="pub-footer site-footer" data-variant={ctx.loggedIn ? 'member' : 'logged-out'}>
      <div class="pub-container">
        <nav aria-label={t('footer.label')}>
          <ul class="pub-footer-links">
            {FOOTER_LINKS.map(([href, key]) => (
              <li key={href}>
                <a href={href}>{t(key)}</a>
              </li>
            ))}
            {phone && (
              <li>
                <a href={`tel:${phone}`}>{t('footer.call', { phone })}</a>
              </li>
            )}
            <li>
              <a href="/pages/cookies#cookie-settings">{t('layout.cookieSettings')}</a>
            </li>
          </ul>
        </nav>
        {company && (
          <p class="pub-muted">
            © {new Date().getFullYear()} {company.name} · {company.address}, {company.city} ·{' '}
            {t('footer.kvk', { kvk: company.kvk })}
          </p>
        )}
        {site.us_footer && lang === 'en' && (
          <p class="pub-muted">
            {t('footer.us.statement')} <a href="/pages/privacy">{t('footer.us.privacyRights')}</a>
          </p>
        )}
        <p class="pub-muted" data-testid="site-disclaimer">
          {t('footer.disclaimer', { site: site.name })}{' '}
          {t('layout.fictionalNotice', { plural: site.fictional_plural, singular: site.fictional_singular })}{' '}
          <FictionalIcon icon={site.fictional_icon} />
        </p>
      </div>
    </footer>
  );
}

/** Props of the site-entry island: the server has checked setting, country and login (SPEC.md 2). */
export interface SiteEntryProps {
  title: string;
  paragraphs: string[];
  accept: string;
  leave: string;
}

export type { ConsentIslandProps };

/**
 * Every public page's frame: skip link, header, main, footer; the site-entry warning (SPEC.md 2: to
 * logged-out visitors from NL and DE unless the site turns it off) and the consent banner as islands.
 */
export function PublicLayout({
  ctx,
  children,
  siteEntry,
  consent,
  minimalHeader,
  mainClass,
}: {
  ctx: PageContext;
  children: ComponentChildren;
  siteEntry: SiteEntryProps | null;
  consent: ConsentIslandProps;
  minimalHeader?: boolean;
  mainClass?: string;
}) {
  return (
    <>
      <a class="pub-skip" href="#main">
        {ctx.t('actions.skipToContent')}
      </a>
      <Header ctx={ctx} minimal={minimalHeader} />
      <main id="main" class={mainClass}>
        {children}
      </main>
      <Footer ctx={ctx} />
      {siteEntry && <Island name="site-entry" props={siteEntry} />}
      <Island name="consent" props={consent} />
    </>
  );
}
