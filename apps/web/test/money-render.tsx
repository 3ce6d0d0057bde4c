import type { Settings, User } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n, loadNamespaces } from '../src/lib/i18n';
import { queryKeys } from '../src/lib/query-client';

/** A member for the money tests: free, 0 credits, signed up a minute ago unless overridden. */
export function moneyUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'lisa@example.com',
    language: 'nl',
    status: 'confirmed',
    credits: 0,
    paid_user: false,
    signup_date: new Date(Date.now() - 60_000).toISOString(),
    notifications_disabled: [],
    fictional_icon: '',
    // A complete profile: the api client checks replies against the contract in tests.
    profile: {
      id: 70,
      name: 'Lisa',
      age: 34,
      gender: 'female',
      country: 'NL',
      region: null,
      city: null,
      main_image: null,
      fictional: false,
      verified: false,
      online: true,
      status: 'active',
      sexuality: 'hetero',
      date_of_birth: null,
      hair_color: null,
      eye_color: null,
      body_type: null,
      relationship_status: null,
      tattoos: null,
      reason: null,
      interests: [],
      description: '',
      photos: [],
    },
    ...overrides,
  };
}

const SETTINGS = {
  name: 'Testsite',
  index_title: 'Testsite',
  languages: ['nl'],
  cdn_prefix: '',
} as unknown as Settings;

/** Renders `element` at `path` (pattern `route`) in a data router with a fresh query client, in Dutch. */
export async function renderMoney(
  element: ReactNode,
  options: { path?: string; route?: string; user?: User | null } = {},
) {
  await initI18n('nl');
  await loadNamespaces(['money', 'billing']);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(queryKeys.settingsIn('nl'), SETTINGS);
  client.setQueryData(queryKeys.user, options.user === undefined ? moneyUser() : options.user);
  const router = createMemoryRouter(
    [
      { path: options.route ?? '/', element },
      { path: '*', element: null },
    ],
    {
      initialEntries: [options.path ?? '/'],
    },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, client, router };
}
