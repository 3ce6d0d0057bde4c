import { MEMBER_NAV_LINKS, memberMoneyLink } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useChatCounts } from '../../features/chat/counts-store';
import { useUser } from '../../features/session/use-user';
import { SignupButton } from '../../features/signup/signup-button';
import { Icon } from '../icon';
import { AccountMenu } from './account-menu';
import { BackButton } from './back-button';
import { LanguageMenu } from './language-menu';
import { CreditsBadge, NavBadge } from './nav-badge';
import { SiteBrand } from './site-brand';

/**
 * Top navigation (SPEC.md 2); collapses to a hamburger below 1200 px, where every item fits on one
 * line in every language (text only in the bar, icons in the collapsed menu; the profile name sits
 * in the account menu). Members also find the swipe game and the match finder here. `isCompact` is the slimmer bar of the chat layout, whose height the
 * conversation shares, so it is not sticky.
 */
export function TopNav({ isCompact = false }: { isCompact?: boolean }) {
  const user = useUser();
  const { unreadMessages, newLikes } = useChatCounts();
  const { t } = useTranslation();
  const [isExpanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `nav-link d-flex align-items-center gap-1 text-nowrap${isActive ? ' active' : ''}`;

  return (
    <nav
      className={`navbar navbar-expand-xl bg-white border-bottom top-nav${isCompact ? ' top-nav-compact py-1' : ' sticky-top'}`}
      aria-label={t('nav.main')}
    >
      <div className={isCompact ? 'container-fluid' : 'container-xxl'}>
        <BackButton />
        <SiteBrand to={user ? '/members' : '/'} onClick={close} />
        <button
          type="button"
          className="navbar-toggler"
          aria-controls="top-nav-items"
          aria-expanded={isExpanded}
          aria-label={t('nav.toggle')}
          onClick={() => setExpanded((e) => !e)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="top-nav-items" className={`collapse navbar-collapse${isExpanded ? ' show' : ''}`}>
          {user ? (
            <ul className="navbar-nav me-auto flex-xl-wrap">
              {[...MEMBER_NAV_LINKS, memberMoneyLink(user.paid_user)].map((link) => (
                <li key={link.to} className="nav-item">
                  <NavLink to={link.to} end={link.to === '/members'} className={navClass} onClick={close}>
                    <Icon name={link.icon} className="d-xl-none" /> {t(link.key)}{' '}
                    {link.badge && (
                      <NavBadge
                        count={link.badge === 'unreadMessages' ? unreadMessages : newLikes}
                        label={t(link.badge === 'unreadMessages' ? 'nav.unreadMessages' : 'nav.newLikes')}
                      />
                    )}
                    {link.to === '/credits' && <CreditsBadge credits={user.credits} label={t('nav.creditsLeft')} />}
                  </NavLink>
                </li>
              ))}
            </ul>
          ) : (
            <div className="me-auto" />
          )}
          <ul className="navbar-nav align-items-xl-center gap-xl-2">
            <LanguageMenu />
            {user ? (
              <AccountMenu user={user} onNavigate={close} />
            ) : (
              <>
                <li className="nav-item py-1">
                  <Link to="/login" className="btn btn-outline-secondary w-100" onClick={close}>
                    {t('nav.login')}
                  </Link>
                </li>
                <li className="nav-item py-1">
                  <SignupButton className="btn btn-primary w-100">{t('nav.signup')}</SignupButton>
                </li>
              </>
            )}
          </ul>
        </div>
      </div>
    </nav>
  );
}
