// @vitest-environment happy-dom
import type { NotificationSettings, PushPayload } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationSettingsKey } from '../src/features/notification-settings/api';
import { SettingSwitch } from '../src/features/notification-settings/setting-switch';
import { DisabledNotificationsAlert } from '../src/features/push-alerts/disabled-notifications-alert';
import { initI18n, loadNamespaces } from '../src/lib/i18n';
import { onPushMessage } from '../src/lib/push';

const ALL_ON: NotificationSettings = {
  mail: { message: true, like: true, match: true, digest: true },
  push: { message: true, like: true, match: true },
  mail_language: null,
  invisible: false,
  notifications_disabled: [],
};

beforeAll(async () => {
  await initI18n('nl');
  await loadNamespaces(['notifications']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderWithClient(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(notificationSettingsKey, ALL_ON);
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

describe('the disabled-notifications alert (SPEC.md 2, 4)', () => {
  const user = { email: 'anna@example.com', notifications_disabled: ['bounce' as const] };

  it('says why mail is off and links to /notifications', () => {
    renderWithClient(<DisabledNotificationsAlert user={user} onDismiss={() => {}} />);
    const alert = screen.getByTestId('disabled-notifications-alert');
    expect(alert.textContent).toContain('We sturen geen e-mailmeldingen meer naar anna@example.com.');
    expect(alert.textContent).toContain('Een e-mail van ons kon niet worden bezorgd.');
    expect(screen.getByRole('link', { name: 'E-mail weer aanzetten' }).getAttribute('href')).toBe('/notifications');
  });

  it('is not shown while mail is on', () => {
    renderWithClient(
      <DisabledNotificationsAlert user={{ ...user, notifications_disabled: [] }} onDismiss={() => {}} />,
    );
    expect(screen.queryByTestId('disabled-notifications-alert')).toBeNull();
  });

  it('asks the warnings header to dismiss it (warnings-header.test.tsx keeps the dismissal)', () => {
    const onDismiss = vi.fn();
    renderWithClient(<DisabledNotificationsAlert user={user} onDismiss={onDismiss} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});

describe('a settings switch saves at once', () => {
  it('shows the new position while saving, then "Opgeslagen" and the answer', async () => {
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      expect(JSON.parse(String(init.body))).toEqual({ mail: { like: false } });
      return Response.json({ ...ALL_ON, mail: { ...ALL_ON.mail, like: false } });
    });
    vi.stubGlobal('fetch', fetch);
    const client = renderWithClient(
      <SettingSwitch label="Nieuwe likes" checked toUpdate={(on) => ({ mail: { like: on } })} />,
    );
    const toggle = screen.getByRole('switch', { name: 'Nieuwe likes' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(false);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Opgeslagen'));
    expect(fetch).toHaveBeenCalledOnce();
    expect(client.getQueryData<NotificationSettings>(notificationSettingsKey)?.mail.like).toBe(false);
  });

  it('goes back and shows the refusal in the member language when the save fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: 'validation_failed', message: 'Controleer de ingevulde gegevens.' }, { status: 400 }),
      ),
    );
    renderWithClient(
      <SettingSwitch label="Onzichtbare modus" checked={false} toUpdate={(on) => ({ invisible: on })} />,
    );
    const toggle = screen.getByRole('switch', { name: 'Onzichtbare modus' }) as HTMLInputElement;
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Controleer de ingevulde gegevens.'));
    expect(toggle.checked).toBe(false);
  });
});

describe('pushes reported by the service worker (SPEC.md 4: a push triggers a refresh)', () => {
  const payload: PushPayload = {
    type: 'message',
    title: 'Anna',
    body: 'Hoi!',
    icon: null,
    url: '/chats/3',
    tag: 'conversation-3',
    badge: 2,
    conversation: 3,
    profile: 9,
    sent_at: '2030-01-01T12:00:00.000Z',
  };

  it('calls the listener with the payload of a push message only, until stopped', () => {
    const worker = new EventTarget();
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: worker });
    const heard: PushPayload[] = [];
    const stop = onPushMessage((p) => heard.push(p));
    const post = (data: unknown) => worker.dispatchEvent(new MessageEvent('message', { data }));
    post({ type: 'push', payload });
    post({ type: 'navigate', url: '/chats' });
    post({ type: 'push', payload: { title: 'no shape' } });
    post(null);
    expect(heard).toEqual([payload]);
    stop();
    post({ type: 'push', payload });
    expect(heard).toHaveLength(1);
  });
});
