import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useChatCounts } from '../../features/chat/counts-store';
import { useSettings } from '../../features/session/use-settings';
import { useUser } from '../../features/session/use-user';
import { SignupButton } from '../../features/signup/signup-button';
import { Icon } from '../icon';
import { AccountMenu } from './account-menu';
import { BackButton } from './back-button';
import { LanguageMenu } from './language-menu';
import { CreditsBadge, NavBadge } from './nav-badge';

/** Top navigation of the default layout (SPEC.md 2); collapses to a hamburger below 992 px. */
export function TopNav() {
  const settings = useSettings();
  const user = useUser();
  const { unreadMessages, newLikes } = useChatCounts();
  const { t } = useTranslation();
  const [isExpanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `nav-link d-flex align-items-center gap-1${isActive ? ' active' : ''}`;

  return (
    <nav className="navbar navbar-expand-lg bg-white border-bottom sticky-top top-nav" aria-label={t('nav.main')}>
      <div className="container">
        <BackButton />
        <Link to={user ? '/members' : '/'} className="navbar-brand fw-bold text-primary" onClick={close}>
          <Icon name="heart" /> {settings.name}
        </Link>
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
            <ul className="navbar-nav me-auto">
              <li className="nav-item">
                <NavLink to="/members" end className={navClass} onClick={close}>
                  <Icon name="search" /> {t('nav.members')}
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink to="/chats" className={navClass} onClick={close}>
                  <Icon name="chat" /> {t('nav.messages')}{' '}
                  <NavBadge count={unreadMessages} label={t('nav.unreadMessages')} />
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink to="/likes" className={navClass} onClick={close}>
                  <Icon name="heart" /> {t('nav.likes')} <NavBadge count={newLikes} label={t('nav.newLikes')} />
                </NavLink>
              </li>
              <li className="nav-item">
                {user.paid_user ? (
                  <NavLink to="/credits" className={navClass} onClick={close}>
                    <Icon name="coins" /> {t('nav.credits')}{' '}
                    <CreditsBadge credits={user.credits} label={t('nav.creditsLeft')} />
                  </NavLink>
                ) : (
                  <NavLink to="/premium" className={navClass} onClick={close}>
                    <Icon name="star" /> {t('nav.getPremium')}
                  </NavLink>
                )}
              </li>
            </ul>
          ) : (
            <div className="me-auto" />
          )}
          <ul className="navbar-nav align-items-lg-center gap-lg-2">
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
