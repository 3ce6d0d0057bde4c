import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';

/** 404 page: "This page could not be found" with a link home (SPEC.md 8). */
export function NotFound() {
  const { t } = useTranslation();
  usePageTitle(t('error.notFound'));
  return (
    <div className="container py-5 text-center error-screen">
      <p className="display-3 fw-bold text-primary mb-0">404</p>
      <h1 className="h3 mb-4">{t('error.notFound')}</h1>
      <Link to="/" className="btn btn-primary">
        {t('actions.home')}
      </Link>
    </div>
  );
}
