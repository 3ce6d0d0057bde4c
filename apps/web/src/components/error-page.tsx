import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ApiError } from '../lib/api';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload';
import { reportRouteError } from '../lib/error-reporting';
import { NotFound } from './not-found';

/** Status and message of a thrown route error; defaults 500 and the catalogue's "Error". */
export function describeError(error: unknown, fallbackMessage: string): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { message?: unknown } | string | undefined;
    const message =
      typeof data === 'string' ? data : typeof data?.message === 'string' ? data.message : error.statusText;
    return { status: error.status, message: message || fallbackMessage };
  }
  if (error instanceof ApiError) return { status: error.status || 500, message: error.message || fallbackMessage };
  return { status: 500, message: fallbackMessage };
}

/**
 * Error page of a route (SPEC.md 8): message and status; a 404 is the not-found page; stale chunks
 * reload. A fault (not a 4xx) is reported when error reporting runs (lib/error-reporting.ts).
 */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => reportRouteError(error), [error]);
  if (isChunkLoadError(error) && reloadAfterChunkError()) return null;
  const { status, message } = describeError(error, t('error.default'));
  if (status === 404) return <NotFound />;
  return (
    <div className="container py-5 text-center error-screen" role="alert">
      <p className="display-4 fw-bold text-primary mb-0">{status}</p>
      <h1 className="h3 mb-4">{message}</h1>
      <Link to="/" className="btn btn-primary">
        {t('actions.home')}
      </Link>
    </div>
  );
}

/** Last-resort error page, used when showing a page or its error page failed: details and a link home; reported as ErrorPage. */
export function RootErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => reportRouteError(error), [error]);
  if (isChunkLoadError(error) && reloadAfterChunkError()) return null;
  const { status, message } = describeError(error, t('error.default'));
  if (status === 404) return <NotFound />;
  const details =
    error instanceof Error
      ? error.message
      : isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}`
        : String(error);
  return (
    <main className="container py-5" role="alert">
      <h1 className="h3">{t('error.general')}</h1>
      <p className="text-body-secondary">
        {message} ({status})
      </p>
      <details className="mb-4">
        <summary>{t('error.details')}</summary>
        <pre className="small text-wrap">{details}</pre>
      </details>
      <a href="/" className="btn btn-primary">
        {t('actions.home')}
      </a>
    </main>
  );
}
