// @vitest-environment happy-dom
import type { Settings } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { complaintProblems } from '../src/features/billing/complaint-form';
import { OtpStep } from '../src/features/billing/otp-step';
import { initI18n, loadNamespaces } from '../src/lib/i18n';
import { queryClient, queryKeys } from '../src/lib/query-client';

const started = {
  mandate: 7,
  phone_hint: '******1234',
  body: {
    package: 2,
    account_holder: 'Sanne',
    iban: 'NL91ABNA0417164300',
    street: 'Damrak',
    house_number: '1',
    zip: '1012 LG',
    city: 'Amsterdam',
    phone: '0612341234',
  },
};

/** Answers every fetch with `status` and `body`, recording the calls. */
function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderStep() {
  const router = createMemoryRouter(
    [
      { path: '/directdebit', element: <OtpStep started={started} onRestart={() => {}} /> },
      { path: '/credits/:id/:method', element: <p>payment result</p> },
    ],
    { initialEntries: ['/directdebit'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function enter(code: string) {
  fireEvent.change(screen.getByLabelText('Sms-code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));
}

beforeAll(async () => {
  await initI18n('nl');
  // money and billing load with their screens (router lazy); here by hand.
  await loadNamespaces(['billing']);
  queryClient.setQueryData(queryKeys.settingsIn('nl'), { support_email: 'support@example.com' } as Settings);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OtpStep', () => {
  it('names the masked phone and asks for a numeric one-time code', () => {
    renderStep();
    expect(screen.getByText(/We hebben een code gestuurd naar \*{6}1234/)).toBeTruthy();
    const input = screen.getByLabelText('Sms-code');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });

  it('shows "Code ongeldig" with the tries left after a wrong code', async () => {
    const fetchMock = answer(400, { error: 'otp_invalid', message: 'Code ongeldig', data: { tries_left: 2 } });
    renderStep();
    enter('12a3456');
    expect(await screen.findByText('Code ongeldig')).toBeTruthy();
    expect(screen.getByText('Je hebt nog 2 pogingen.')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ mandate: 7, otp: '123456' });
  });

  it('offers a new code when the code expired or the tries are used up', async () => {
    answer(410, { error: 'otp_expired', message: 'Deze code is verlopen.' });
    renderStep();
    enter('123456');
    expect(await screen.findByText('Deze code is verlopen.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bevestigen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stuur een nieuwe code' })).toBeTruthy();
  });

  it('goes to the payment result page after the right code', async () => {
    answer(200, {
      payment: {
        payment_id: 42,
        credits: 150,
        status: 'paid',
        package: 2,
        method: 'sdd',
        amount_cents: 1995,
        original_cents: 1995,
        currency: 'EUR',
        discount_percentage: null,
        created_at: new Date().toISOString(),
        paid_at: new Date().toISOString(),
      },
    });
    const router = renderStep();
    enter('654321');
    expect(await screen.findByText('payment result')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/credits/2/sdd?payment_id=42');
  });
});

describe('complaintProblems', () => {
  it('needs a topic and 10 to 5000 characters', () => {
    expect(complaintProblems('', 'Iets ging mis met mijn betaling')).toEqual({ topic: 'complaints.errors.topic' });
    expect(complaintProblems('payment', '  kort     ')).toEqual({ text: 'complaints.errors.text' });
    expect(complaintProblems('payment', 'x'.repeat(5001))).toEqual({ text: 'complaints.errors.text' });
    expect(complaintProblems('payment', 'Iets ging mis met mijn betaling')).toEqual({});
  });
});
