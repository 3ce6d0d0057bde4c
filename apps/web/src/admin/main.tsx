/**
 * The back office's entry (admin.html, served at /admin): its own bundle, so nothing of it is in what
 * a member's browser downloads (e2e/admin-bundle.spec.ts).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { initAdminI18n, startLanguage } from './lib/i18n';
import { createAdminRouter } from './router';
import './admin.scss';

async function start(): Promise<void> {
  await initAdminI18n(startLanguage());
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createAdminRouter()} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
