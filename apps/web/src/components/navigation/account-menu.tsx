import { ACCOUNT_MENU_LINKS, type User } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { photoUrl } from '../../features/members/photo-url';
import { useLogout } from '../../features/session/use-logout';
import { useSettings } from '../../features/session/use-settings';
import { Icon } from '../icon';
import { useDropdown } from './use-dropdown';

/**
 * Account dropdown: thumbnail or icon, profile name, My profile, Settings, Transactions, Logout (SPEC.md 2).
 * In the wide bar (from 1200 px) the name shows at the top of the opened menu, so the bar fits.
 */
export function AccountMenu({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  const settings = useSettings();
  const { t } = useTranslation();
  const logout = useLogout();
  const { isOpen, toggle, close, ref } = useDropdown<HTMLLIElement>();
  const thumb = photoUrl(settings.cdn_prefix, user.profile.main_image?.thumb_filename);
  const handleNavigate = () => {
    close();
    onNavigate();
  };
  return (
    <li className="nav-item dropdown" ref={ref}>
      <button
        type="button"
        className="nav-link dropdown-toggle d-flex align-items-center gap-2"
        aria-expanded={isOpen}
        aria-label={user.profile.name}
        onClick={toggle}
        data-testid="nav-user-menu"
      >
        {thumb ? (
          <img src={thumb} alt="" width={32} height={32} className="rounded-circle object-fit-cover" />
        ) : (
          <span className="avatar-icon rounded-circle">
            <Icon name="person" />
          </span>
        )}
        <span className="text-truncate account-name d-xl-none">{user.profile.name}</span>
      </button>
      <ul className={`dropdown-menu dropdown-menu-end${isOpen ? ' show' : ''}`}>
        <li className="d-none d-xl-block">
          <span className="dropdown-header text-truncate account-name-header">{user.profile.name}</span>
        </li>
        {ACCOUNT_MENU_LINKS.map((link) => (
          <li key={link.to}>
            <Link className="dropdown-item" to={link.to} onClick={handleNavigate}>
              {t(link.key)}
            </Link>
          </li>
        ))}
        <li>
          <hr className="dropdown-divider" />
        </li>
        <li>
          <button
            type="button"
            className="dropdown-item"
            data-testid="logout-button"
            onClick={() => {
              handleNavigate();
              void logout();
            }}
          >
            {t('nav.logout')}
          </button>
        </li>
      </ul>
    </li>
  );
}
