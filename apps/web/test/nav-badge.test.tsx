// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CreditsBadge, NavBadge } from '../src/components/navigation/nav-badge';

afterEach(cleanup);

describe('NavBadge', () => {
  it('caps the count at 99+', () => {
    const { container } = render(<NavBadge count={150} label="ongelezen berichten" />);
    expect(container.textContent).toBe('99+ ongelezen berichten');
  });

  it('shows the exact count up to 99', () => {
    const { container } = render(<NavBadge count={99} label="nieuwe likes" />);
    expect(container.querySelector('.badge')?.firstChild?.textContent).toBe('99');
  });

  it('renders nothing for 0', () => {
    const { container } = render(<NavBadge count={0} label="nieuwe likes" />);
    expect(container.innerHTML).toBe('');
  });
});

describe('CreditsBadge', () => {
  it('is hidden above 10 credits', () => {
    const { container } = render(<CreditsBadge credits={11} label="credits" />);
    expect(container.innerHTML).toBe('');
  });

  it('uses the warning colour from 1 to 10 credits', () => {
    const { container } = render(<CreditsBadge credits={10} label="credits" />);
    expect(container.querySelector('.badge')?.className).toContain('text-bg-warning');
  });

  it('uses the danger colour at 0 credits', () => {
    const { container } = render(<CreditsBadge credits={0} label="credits" />);
    expect(container.querySelector('.badge')?.className).toContain('text-bg-danger');
    expect(container.textContent).toContain('0');
  });
});
