/** @jsxImportSource preact */
import {
  ACCOUNT_MENU_LINKS,
  CREDIT_BADGE_THRESHOLD,
  cleanPhone,
  MEMBER_NAV_LINKS,
  memberMoneyLink,
} from '@app/contracts';
import type { ComponentChildren } from 'preact';
import { FictionalIcon } from './components/fictional-icon.js';
import { Icon } from './components/icon.js';
import type { ConsentIslandProps } from './consent/index.js';
import { COOKIE_SETTINGS_HREF, FOOTER_LINKS, splitAtIcon } from './footer-links.js';
import { Island } from './island.js';
import { languageName } from './languages.js';
import type { NavMember, PageContext } from './model.js';
import type { SignupDialogProps } from './signup/props.js';

/** The site's logo, else the heart mark and its name, as the member app's brand (SPEC.md 2 logo bar). */
export function SiteLogo({ ctx }: { ctx: PageContext }) {
  const { site, links, member } = ctx;
  // The brand leads members to the members area and visitors home, as in the member app.
  return (
    <a href={member ? '/members' : links.home} class="pub-brand" data-testid="site-brand">
      {site.logoUrl ? (
        <img src={site.logoUrl} alt={site.name} width={160} height={40} class="pub-logo" />
      ) : (
        <>
          <Icon name="heart" /> {site.name}
        </>
      )}
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

/** The member navigation's links (contracts MEMBER_NAV_LINKS), with icons where `withIcons`. */
function memberLinks(ctx: PageContext, member: NavMember, withIcons: boolean) {
  const { t, path } = ctx;
  return [...MEMBER_NAV_LINKS, memberMoneyLink(member.paid_user)].map((link) => (
    <li key={link.to}>
      <a href={link.to} class="pub-nav-link" aria-current={path === link.to ? 'page' : undefined}>
        {withIcons && <Icon name={link.icon} />} {t(link.key)}
        {link.to === '/credits' && member.credits <= CREDIT_BADGE_THRESHOLD && (
          <span class={`pub-badge ${member.credits > 0 ? 'pub-badge-warning' : 'pub-badge-danger'}`}>
            {member.credits}
            <span class="pub-visually-hidden"> {t('nav.creditsLeft')}</span>
          </span>
        )}
      </a>
    </li>
  ));
}

/** The account dropdown (SPEC.md 2): thumbnail or icon, the profile name, My profile, Settings, Transactions. */
function AccountMenu({ ctx, member }: { ctx: PageContext; member: NavMember }) {
  const { t } = ctx;
  return (
    <details class="pub-menu pub-account pub-wide-only">
      <summary aria-label={member.name} data-testid="nav-user-menu">
        {member.thumbUrl ? (
          <img src={member.thumbUrl} alt="" width={32} height={32} class="pub-avatar" />
        ) : (
          <span class="pub-avatar pub-avatar-icon">
            <Icon name="person" />
          </span>
        )}
      </summary>
      <ul class="pub-menu-list">
        <li class="pub-menu-header">{member.name}</li>
        {ACCOUNT_MENU_LINKS.map((link) => (
          <li key={link.to}>
            <a href={link.to}>{t(link.key)}</a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Top bar of every public page, the member app's (SPEC.md 2 top navigation): the logo mark, for a
 * member the navigation links and the account menu (behind a menu button below 1200 px, as in the
 * app), the language menu, and for a visitor login and signup. No script needed.
 */
export function Header({ ctx, minimal = false }: { ctx: PageContext; minimal?: boolean }) {
  const { t, links, member, site } = ctx;
  return (
    <header class="pub-header">
      <nav class="pub-container-wide pub-header-row" aria-label={t('nav.main')}>
        <SiteLogo ctx={ctx} />
        {member && (
          <ul class="pub-nav pub-wide-only" data-testid="member-nav">
            {memberLinks(ctx, member, false)}
          </ul>
        )}
        <div class="pub-header-end">
          <LanguageMenu ctx={ctx} />
          {member ? (
            <>
              <AccountMenu ctx={ctx} member={member} />
              <details class="pub-menu pub-nav-toggle">
                <summary aria-label={t('nav.toggle')}>
                  <span class="pub-toggle-icon" aria-hidden="true" />
                </summary>
                <ul class="pub-menu-list">
                  {memberLinks(ctx, member, true)}
                  <li class="pub-menu-header">{member.name}</li>
                  {ACCOUNT_MENU_LINKS.map((link) => (
                    <li key={link.to}>
                      <a href={link.to} class="pub-nav-link">
                        {t(link.key)}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            </>
          ) : (
            <>
              <a class="pub-btn pub-btn-outline-secondary" href={links.login}>
                {t('nav.login')}
              </a>
              {!minimal && site.signupsAllowed && (
                <a class="pub-btn pub-btn-primary pub-hide-xs" href={links.signup}>
                  {t('nav.signup')}
                </a>
              )}
            </>
          )}
        </div>
      </nav>
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

/**
 * Footer (SPEC.md 2), the member app's: the shared legal and support links (footer-links.ts), the phone,
 * cookie settings; for visitors the company line; the US statement in English where the site enables it.
 */
export function Footer({ ctx }: { ctx: PageContext }) {
  const { t, site, company, lang, member } = ctx;
  const phone = cleanPhone(site.support_phone);
  return (
    <footer class="pub-footer site-footer" data-variant={member ? 'member' : 'logged-out'}>
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
              <a href={COOKIE_SETTINGS_HREF}>{t('footer.cookieSettings')}</a>
            </li>
          </ul>
        </nav>
        {company && !member && (
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
      </div>
    </footer>
  );
}

/** The site-wide disclaimer under the footer (adults only; fictional profiles and their label), as in the app. */
export function Disclaimer({ ctx }: { ctx: PageContext }) {
  const { t, site } = ctx;
  const notice = splitAtIcon(
    t('footer.fictionalNotice', { site: site.name, plural: site.fictional_plural, singular: site.fictional_singular }),
  );
  return (
    <p class="pub-disclaimer" data-testid="site-disclaimer">
      {t('footer.disclaimer', { site: site.name })} {notice.before}
      {notice.after !== null && (
        <>
          <FictionalIcon icon={site.fictional_icon} />
          {notice.after}
        </>
      )}
    </p>
  );
}

/**
 * Props of the site-entry island: the server has checked setting, country and login (SPEC.md 2); the
 * texts are the member app's (common siteEntry.*) in the page's language.
 */
export interface SiteEntryProps {
  title: string;
  adults: string;
  /** "This site also contains {plural}.", shown after the site's fictional icon. */
  fictional: string;
  /** The label and the rules of fictional profiles, in bold. */
  fictionalRules: string;
  credits: string;
  leave: string;
  accept: string;
  /** Accessible name of the close button. */
  close: string;
  fictional_icon: string;
}

export type { ConsentIslandProps, SignupDialogProps };

/**
 * Every public page's frame, the member app's default layout: skip link, header, main, footer,
 * disclaimer; the site-entry warning (SPEC.md 2: to logged-out visitors from NL and DE unless the site
 * turns it off), the signup dialog (SPEC.md 2: desktop) and the consent banner as islands.
 */
export function PublicLayout({
  ctx,
  children,
  siteEntry,
  consent,
  signup = null,
  minimalHeader,
  mainClass,
}: {
  ctx: PageContext;
  children: ComponentChildren;
  siteEntry: SiteEntryProps | null;
  consent: ConsentIslandProps;
  /** The signup dialog's props: for visitors where signup is open; null leaves the links as the page. */
  signup?: SignupDialogProps | null;
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
      <Disclaimer ctx={ctx} />
      {siteEntry && <Island name="site-entry" props={siteEntry} />}
      {signup && <Island name="signup-dialog" props={signup} />}
      <Island name="consent" props={consent} />
    </>
  );
}
