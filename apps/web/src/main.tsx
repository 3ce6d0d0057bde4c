import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { settingsQuery, userQuery } from './features/session/queries';
import { installChunkReloadGuard } from './lib/chunk-reload';
import { detectLanguage, i18next, initI18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { captureTracking } from './lib/tracking';
import { createRouter } from './router';
import './styles/theme.scss';

/** Boots the app: settings and user first (behind the splash), then the language, then the router. */
async function start(): Promise<void> {
  installChunkReloadGuard();
  captureTracking();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    const [settings] = await Promise.all([
      queryClient.fetchQuery(settingsQuery()),
      queryClient.prefetchQuery(userQuery),
    ]);
    await initI18n(detectLanguage(settings));
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
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createRouter()} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
