// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreditsBadge } from '../src/components/navigation/nav-badge';
import { TopNav } from '../src/components/navigation/top-nav';
import { moneyUser, renderMoney } from './money-render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('credits badge colours (SPEC.md 2: at 10 or fewer, warning above 0, danger at 0)', () => {
  it.each([
    [11, null],
    [10, 'text-bg-warning'],
    [1, 'text-bg-warning'],
    [0, 'text-bg-danger'],
  ])('%s credits → %s', (credits, variant) => {
    const { container } = render(<CreditsBadge credits={credits} label="credits over" />);
    const badge = container.querySelector('.badge');
    if (variant === null) expect(badge).toBeNull();
    else expect(badge?.className).toContain(variant);
  });
});

describe('Credits or Get Premium in the navigation (SPEC.md 2, 4)', () => {
  it('shows Get Premium to a free member', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([])),
    );
    await renderMoney(<TopNav />, { user: moneyUser({ paid_user: false }) });
    expect(screen.getByRole('link', { name: /Word Premium/ }).getAttribute('href')).toBe('/premium');
    expect(screen.queryByRole('link', { name: /^Credits/ })).toBeNull();
  });

  it('shows Credits with the balance badge to a paid member', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([])),
    );
    await renderMoney(<TopNav />, { user: moneyUser({ paid_user: true, credits: 4 }) });
    const link = screen.getByRole('link', { name: /Credits/ });
    expect(link.getAttribute('href')).toBe('/credits');
    expect(link.querySelector('.badge')?.className).toContain('text-bg-warning');
    expect(link.textContent).toContain('4');
    expect(screen.queryByRole('link', { name: /Word Premium/ })).toBeNull();
  });
});
