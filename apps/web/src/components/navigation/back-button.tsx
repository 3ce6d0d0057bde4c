import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIsInstalledApp } from '../../lib/display-mode';
import { useRouteName } from '../../lib/use-route-name';

const BACK_ROUTES = ['members-id', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod'];

/**
 * Back button (SPEC.md 2): only in installed-app display mode (it has no browser bar with one),
 * when history is longer than 1 and the route is one of BACK_ROUTES. Follows a change of the display
 * mode; the route name changes with every navigation, so the history length is read again then.
 */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const routeName = useRouteName();
  const isApp = useIsInstalledApp();
  if (!isApp || window.history.length <= 1 || !BACK_ROUTES.includes(routeName ?? '')) return null;
  return (
    <button
      type="button"
      className="btn btn-link nav-link px-2"
      onClick={() => void navigate(-1)}
      aria-label={t('nav.back')}
      data-testid="back-button"
    >
      <span aria-hidden="true">←</span>
    </button>
  );
}
