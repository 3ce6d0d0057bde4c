// @vitest-environment happy-dom
import type { Settings, User } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WarningsHeader } from '../src/components/warnings-header';
import { initI18n, loadNamespaces } from '../src/lib/i18n';
import { queryClient, queryKeys } from '../src/lib/query-client';

/** A new member: signed up long ago enough for no time bonus; `overrides` as the case needs. */
function member(overrides: Partial<User> & { profileStatus?: string; photo?: boolean } = {}): User {
  const { profileStatus = 'active', photo = false, ...rest } = overrides;
  return {
    id: 7,
    email: 'anna@example.com',
    status: 'confirmed',
    credits: 0,
    paid_user: true,
    signup_date: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    notifications_disabled: [],
    profile: { id: 9, status: profileStatus, main_image: photo ? { thumb_filename: 'a.jpg' } : null },
    ...rest,
  } as unknown as User;
}

function renderHeader(user: User) {
  queryClient.setQueryData(queryKeys.user, user);
  const router = createMemoryRouter([{ path: '*', element: <WarningsHeader /> }], { initialEntries: ['/members'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The alerts on screen, by their kind. */
const alertsShown = () => [...document.querySelectorAll('.warnings-header')].map((el) => el.getAttribute('data-alert'));

beforeAll(async () => {
  await initI18n('nl');
  await loadNamespaces(['access']);
  queryClient.setQueryData(queryKeys.settingsIn('nl'), { push_public_key: 'key' } as Settings);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the warnings under the navigation: one alert at a time, most important first', () => {
  it('shows only the activation reminder to a member who has not confirmed, not the photo alert too', async () => {
    renderHeader(member({ status: 'not_confirmed', profileStatus: 'disabled' }));
    expect(await screen.findByTestId('activation-reminder')).toBeTruthy();
    expect(alertsShown()).toEqual(['activation']);
    expect(screen.queryByTestId('photo-alert')).toBeNull();
  });

  it('shows the next alert once the one before is dismissed, and remembers each dismissal', () => {
    renderHeader(member({ notifications_disabled: ['bounce'] }));
    expect(alertsShown()).toEqual(['mailOff']);
    fireEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(alertsShown()).toEqual(['photo']);
    expect(Number(localStorage.getItem('hide-disabled-notifications-alert'))).toBeGreaterThan(Date.now() - 5000);
    fireEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(alertsShown()).toEqual([]);
    cleanup();
    renderHeader(member({ notifications_disabled: ['bounce'] }));
    expect(alertsShown()).toEqual([]);
  });

  it('shows nothing to a member with nothing to do', () => {
    renderHeader(member({ photo: true }));
    expect(alertsShown()).toEqual([]);
  });
});
