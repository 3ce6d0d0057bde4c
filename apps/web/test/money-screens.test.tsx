// @vitest-environment happy-dom
import type { CreditsOverview, Payment } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreditsShop } from '../src/features/credits/credits-shop';
import { PaymentResult } from '../src/features/credits/payment-result';
import { queryKeys } from '../src/lib/query-client';
import { timeBonusDiscount } from './money-fixtures';
import { moneyUser, renderMoney } from './money-render';

const OVERVIEW: CreditsOverview = {
  packages: [
    { id: 1, credits: 60, price_cents: 995, currency: 'EUR', per_credit_cents: 16.58, highlighted: false },
    { id: 2, credits: 150, price_cents: 1995, currency: 'EUR', per_credit_cents: 13.3, highlighted: true },
  ],
  methods: ['ideal', 'creditcard', 'paypal', 'sdd'],
  discount: timeBonusDiscount({ user_id: 7, expires: new Date(Date.now() + 3_600_000).toISOString() }),
  last_order: null,
  costs: { message: 10, photo: 20, gift: 30 },
  refund_days: 14,
};

const payment = (status: Payment['status'], method: Payment['method'] = 'creditcard'): Payment => ({
  payment_id: 5,
  credits: 150,
  status,
  package: 2,
  method,
  amount_cents: 1496,
  original_cents: 1995,
  currency: 'EUR',
  discount_percentage: 25,
  created_at: new Date().toISOString(),
  paid_at: status === 'paid' ? new Date().toISOString() : null,
});

/** Answers API calls by path; `routes` maps a path to a body or to a status + error body. */
function mockApi(routes: Record<string, () => unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = routes[url.pathname]?.();
    if (answer instanceof Response) return answer;
    return answer === undefined
      ? Response.json({ error: 'not_found', message: 'Niet gevonden' }, { status: 404 })
      : Response.json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/credits', () => {
  it('shows the packages with the time bonus applied and the best choice marked', async () => {
    mockApi({ '/api/credits.php': () => OVERVIEW });
    await renderMoney(<CreditsShop />);
    const cards = await screen.findAllByTestId('package');
    expect(cards).toHaveLength(2);
    const best = cards[1] as HTMLElement;
    expect(within(best).getByTestId('best-choice').textContent).toBe('Beste keuze');
    expect(within(best).getByTestId('old-price').textContent).toContain('19,95');
    expect(within(best).getByTestId('price').textContent).toContain('14,96');
    expect(within(best).getByTestId('discount-badge').textContent).toBe('-25%');
    expect(screen.getByTestId('active-discount').textContent).toContain('Tijdbonus');
    expect(screen.getByText('Automatische incasso')).toBeTruthy();
  });

  it('shows a refused discount code in the member language (the server message)', async () => {
    mockApi({
      '/api/credits.php': () => OVERVIEW,
      '/api/discountcode.php': () =>
        Response.json({ error: 'discount_used', message: 'Code reeds gebruikt' }, { status: 409 }),
    });
    await renderMoney(<CreditsShop />);
    const input = await screen.findByLabelText('Heb je een kortingscode?');
    fireEvent.change(input, { target: { value: 'WELCOME25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Toepassen' }));
    expect((await screen.findByTestId('code-error')).textContent).toBe('Code reeds gebruikt');
  });
});

describe('payment result page (SPEC.md 4, 8)', () => {
  it('says "Betaling mislukt" after a cancelled card payment and offers retry or PayPal', async () => {
    mockApi({ '/api/payment.php': () => payment('canceled'), '/api/credits.php': () => OVERVIEW });
    await renderMoney(<PaymentResult paymentId={5} />);
    expect((await screen.findByText('Betaling mislukt')).tagName).toBe('H1');
    expect(screen.getByText('De betaling is mislukt of geannuleeerd.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Opnieuw proberen' }).getAttribute('href')).toBe('/credits/2/creditcard');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Betalen met PayPal' }).getAttribute('href')).toBe('/credits/2/paypal'),
    );
  });

  it('offers no PayPal switch after a failed iDEAL payment', async () => {
    mockApi({ '/api/payment.php': () => payment('failed', 'ideal'), '/api/credits.php': () => OVERVIEW });
    await renderMoney(<PaymentResult paymentId={5} />);
    await screen.findByText('De betaling is mislukt of geannuleeerd.');
    expect(screen.queryByRole('link', { name: 'Betalen met PayPal' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Opnieuw betalen' }).getAttribute('href')).toBe('/credits/2');
  });

  it('polls every 2 s while being processed, then shows the credits and refreshes the user', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: Payment['status'] = 'open';
    const paidUser = moneyUser({ credits: 150, paid_user: true });
    const fetchMock = mockApi({ '/api/payment.php': () => payment(status), '/api/user.php': () => paidUser });
    const { client } = await renderMoney(<PaymentResult paymentId={5} />);
    expect(await screen.findByText('Even geduld, we wachten op de bevestiging van je betaling.')).toBeTruthy();
    status = 'paid';
    await vi.advanceTimersByTimeAsync(2000);
    expect(await screen.findByText('Er zijn 150 credits aan je account toegevoegd.')).toBeTruthy();
    await waitFor(() => expect(client.getQueryData(queryKeys.user)).toEqual(paidUser));
    expect(screen.getByTestId('new-balance').textContent).toBe('Je saldo is nu 150 credits.');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/payment.php')).length).toBe(2);
  });

  it('stops polling after 2 minutes and says credits come when the bank confirms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ '/api/payment.php': () => payment('pending', 'sct') });
    await renderMoney(<PaymentResult paymentId={5} />);
    await screen.findByText('Even geduld, we wachten op de bevestiging van je betaling.');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await screen.findByText(/Zodra de bank de betaling bevestigt/)).toBeTruthy();
  });
});
