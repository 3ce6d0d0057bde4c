import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isInstalledApp } from '../../lib/display-mode';
import { useRouteName } from '../../lib/use-route-name';

const BACK_ROUTES = ['members-id', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod'];

/** Back button, only in the installed app with history on the routes of SPEC.md 2. */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const routeName = useRouteName();
  if (!isInstalledApp() || window.history.length <= 1 || !BACK_ROUTES.includes(routeName ?? '')) return null;
  return (
    <button
      type="button"
      className="btn btn-link nav-link px-2"
      onClick={() => void navigate(-1)}
      aria-label={t('nav.back')}
    >
      <span aria-hidden="true">←</span>
    </button>
  );
}
