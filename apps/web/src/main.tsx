import { DEFAULT_LOCALE, LOCALE_COOKIE } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startConsent } from './features/consent/start-consent';
import { settingsQuery, userQuery } from './features/session/queries';
import { applySiteColors } from './features/session/site-look';
import { takeBootData } from './lib/boot-data';
import { installChunkReloadGuard } from './lib/chunk-reload';
import { readCookie } from './lib/cookies';
import { startErrorReporting } from './lib/error-reporting';
import { detectLanguage, i18next, initI18n, isShippedLocale, loadNamespaces, preloadLanguage } from './lib/i18n';
import { afterLoad, PREFETCH_AFTER_LOAD_MS, prefetchWhenIdle } from './lib/prefetch-routes';
import { preloadScreen } from './lib/preload-screen';
import { queryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import { captureTracking } from './lib/tracking';
import { yieldToMain } from './lib/yield-to-main';
import { createRouter, memberScreenImports, routes } from './router';
import './styles/theme.scss';
// In the first stylesheet: the server's snapshot of /chats paints in this markup before the app starts.
import './features/chat/chat.css';

/** Boots the app: settings and user first (behind the splash), then the language (and the settings in it), then the router. */
async function start(): Promise<void> {
  installChunkReloadGuard();
  captureTracking();
  // Each step of the start in its own task (lib/yield-to-main.ts): the page stays responsive.
  await yieldToMain();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    // The server sends the first answers in the page (lib/boot-data.ts): then nothing is asked here.
    const boot = takeBootData();
    if (boot) {
      queryClient.setQueryData(settingsQuery(boot.lang).queryKey, boot.settings);
      queryClient.setQueryData(userQuery.queryKey, boot.user);
    }
    const cookie = readCookie(LOCALE_COOKIE.name);
    const guess = boot && isShippedLocale(boot.lang) ? boot.lang : isShippedLocale(cookie) ? cookie : DEFAULT_LOCALE;
    // The screen's code and catalogues download beside these calls, not after them (docs/client.md).
    preloadLanguage(guess);
    preloadScreen(routes, window.location.pathname, guess);
    await yieldToMain();
    // The settings' texts come in the asked language: ask in the likely start language (the page's,
    // else the cookie's, else nl), and again only when the start language turns out to be another one.
    const [settings] = await Promise.all([
      queryClient.fetchQuery(settingsQuery(guess)),
      queryClient.prefetchQuery(userQuery),
    ]);
    applySiteColors(settings.colors);
    const lng = detectLanguage(settings);
    await Promise.all([lng === guess || queryClient.fetchQuery(settingsQuery(lng)), initI18n(lng)]);
    // The site's tags wait for the visitor's cookie choice (issue: public site, consent).
    startConsent(settings, () => i18next.language);
    // Errors go to the deployment's error reporting only after statistics consent (docs/client.md).
    startErrorReporting(settings, { memberId: () => queryClient.getQueryData(userQuery.queryKey)?.id ?? null });
  } catch {
    await initI18n();
    // Offline the errors catalogue may not load either: then the heading says enough.
    await loadNamespaces(['errors']).catch(() => undefined);
    root.render(
      <main className="container py-5 text-center" role="alert">
        <h1 className="h4">{i18next.t('error.general')}</h1>
        {i18next.exists('errors:network') && <p>{i18next.t('errors:network')}</p>}
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {i18next.t('actions.retry')}
        </button>
      </main>,
    );
    return;
  }
  await yieldToMain();
  const router = createRouter();
  registerServiceWorker(router);
  await yieldToMain();
  const isMember = Boolean(queryClient.getQueryData(userQuery.queryKey));
  // Rendered as a transition, so React renders in slices and yields between them: the page stays
  // responsive (and the server's snapshot visible) while the app's first render runs, instead of one
  // long task (docs/decisions/020).
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
  // The screens a member is likely to open next load while the browser is idle (SPEC.md 9), once the
  // page has loaded and settled (PREFETCH_AFTER_LOAD_MS).
  if (isMember) afterLoad(() => void prefetchWhenIdle(memberScreenImports()), PREFETCH_AFTER_LOAD_MS);
}

void start();
