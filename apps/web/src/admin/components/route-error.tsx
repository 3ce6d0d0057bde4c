import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { errorMessage } from './error-text';

/** A screen that failed to load or threw: the error in the staff's language and a way back. */
export function AdminRouteError() {
  const { t } = useTranslation('admin');
  const error = useRouteError();
  return (
    <div className="container py-4">
      <div className="alert alert-danger" role="alert">
        <h1 className="h5">{t('error.general')}</h1>
        <p className="mb-2">{errorMessage(error)}</p>
        <Link to="/">{t('error.back')}</Link>
      </div>
    </div>
  );
}
