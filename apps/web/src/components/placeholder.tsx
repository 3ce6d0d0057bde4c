import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';

/** Honest placeholder of a screen that is still being built: its purpose as heading and a short note. */
export function Placeholder({ title, purpose, children }: { title: string; purpose?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <div className="container py-5 placeholder-screen">
      <div className="mx-auto text-center" style={{ maxWidth: 640 }}>
        <h1 className="h2 mb-3">{title}</h1>
        {purpose && <p className="lead">{purpose}</p>}
        <p className="text-body-secondary">{t('placeholder.building')}</p>
        {children}
        <Link to="/" className="btn btn-outline-primary mt-3">
          {t('actions.home')}
        </Link>
      </div>
    </div>
  );
}
