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
import { NavIcon } from './nav-icons';
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
              <li className="nav-item">
                <NavLink to="/members" end className={navClass} onClick={close}>
                  <Icon name="search" className="d-xl-none" /> {t('nav.members')}
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink to="/chats" className={navClass} onClick={close}>
                  <Icon name="chat" className="d-xl-none" /> {t('nav.messages')}{' '}
                  <NavBadge count={unreadMessages} label={t('nav.unreadMessages')} />
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink to="/likes" className={navClass} onClick={close}>
                  <Icon name="heart" className="d-xl-none" /> {t('nav.likes')}{' '}
                  <NavBadge count={newLikes} label={t('nav.newLikes')} />
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink to="/swipe-game" className={navClass} onClick={close}>
                  <NavIcon name="cards" className="d-xl-none" /> {t('nav.swipeGame')}
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink to="/match-finder" className={navClass} onClick={close}>
                  <NavIcon name="target" className="d-xl-none" /> {t('nav.matchFinder')}
                </NavLink>
              </li>
              <li className="nav-item">
                {user.paid_user ? (
                  <NavLink to="/credits" className={navClass} onClick={close}>
                    <Icon name="coins" className="d-xl-none" /> {t('nav.credits')}{' '}
                    <CreditsBadge credits={user.credits} label={t('nav.creditsLeft')} />
                  </NavLink>
                ) : (
                  <NavLink to="/premium" className={navClass} onClick={close}>
                    <Icon name="star" className="d-xl-none" /> {t('nav.getPremium')}
                  </NavLink>
                )}
              </li>
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
