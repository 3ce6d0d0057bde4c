import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The screen's heading (h1) and the document title "<title> · Back office"; `actions` sit beside it. */
export function PageTitle({ children, actions }: { children: string; actions?: ReactNode }) {
  const { t } = useTranslation('admin');
  useEffect(() => {
    document.title = `${children} · ${t('title')}`;
  }, [children, t]);
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 className="h3 mb-0">{children}</h1>
      {actions}
    </div>
  );
}
