import { Link } from 'react-router';
import { useSettings } from '../../features/session/use-settings';
import { Icon } from '../icon';

/** The site's logo (else a heart and its name) as a link (`to`: / for visitors, /members for members). */
export function SiteBrand({ to, onClick, className = '' }: { to: string; onClick?: () => void; className?: string }) {
  const settings = useSettings();
  return (
    <Link to={to} className={`navbar-brand fw-bold text-primary ${className}`.trim()} onClick={onClick}>
      {settings.logo_url ? (
        <img src={settings.logo_url} alt={settings.name} className="site-logo" />
      ) : (
        <>
          <Icon name="heart" /> {settings.name}
        </>
      )}
    </Link>
  );
}
