import { DEFAULT_LOCALE, LOCALE_COOKIE } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startConsent } from './features/consent/start-consent';
import { settingsQuery, userQuery } from './features/session/queries';
import { applySiteColors } from './features/session/site-look';
import { installChunkReloadGuard } from './lib/chunk-reload';
import { readCookie } from './lib/cookies';
import { detectLanguage, i18next, initI18n, isShippedLocale } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import { captureTracking } from './lib/tracking';
import { createRouter } from './router';
import './styles/theme.scss';

/** Boots the app: settings and user first (behind the splash), then the language (and the settings in it), then the router. */
async function start(): Promise<void> {
  installChunkReloadGuard();
  captureTracking();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    // The settings' texts come in the asked language: ask in the likely start language (the cookie's,
    // else nl), and again only when the start language turns out to be another one.
    const cookie = readCookie(LOCALE_COOKIE.name);
    const guess = isShippedLocale(cookie) ? cookie : DEFAULT_LOCALE;
    const [settings] = await Promise.all([
      queryClient.fetchQuery(settingsQuery(guess)),
      queryClient.prefetchQuery(userQuery),
    ]);
    applySiteColors(settings.colors);
    const lng = detectLanguage(settings);
    await Promise.all([lng === guess || queryClient.fetchQuery(settingsQuery(lng)), initI18n(lng)]);
    // The site's tags wait for the visitor's cookie choice (issue: public site, consent).
    startConsent(settings, () => i18next.language);
  } catch {
    await initI18n();
    root.render(
      <main className="container py-5 text-center" role="alert">
        <h1 className="h4">{i18next.t('error.general')}</h1>
        <p>{i18next.t('errors:network')}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {i18next.t('actions.retry')}
        </button>
      </main>,
    );
    return;
  }
  const router = createRouter();
  registerServiceWorker(router);
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
