// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorAlert } from '../src/components/error-alert';

afterEach(cleanup);

describe('ErrorAlert', () => {
  it('renders the message in a danger alert with role alert', () => {
    render(<ErrorAlert>Er ging iets mis</ErrorAlert>);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Er ging iets mis');
    expect(alert.className).toBe('alert alert-danger');
    expect(alert.tagName).toBe('DIV');
  });

  it('adds extra classes and passes other attributes through', () => {
    render(
      <ErrorAlert className="mt-3 mb-0" data-testid="dd-error">
        Limiet bereikt
      </ErrorAlert>,
    );
    const alert = screen.getByTestId('dd-error');
    expect(alert.className).toBe('alert alert-danger mt-3 mb-0');
    expect(alert.getAttribute('role')).toBe('alert');
  });

  it('ignores an empty className', () => {
    render(<ErrorAlert className="">Fout</ErrorAlert>);
    expect(screen.getByRole('alert').className).toBe('alert alert-danger');
  });

  it('renders children such as a field list', () => {
    render(
      <ErrorAlert>
        Zwak wachtwoord
        <ul>
          <li>Langer</li>
          <li>Minder voorspelbaar</li>
        </ul>
      </ErrorAlert>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Langer', 'Minder voorspelbaar']);
  });

  it('has no close button unless dismissible', () => {
    render(<ErrorAlert>Fout</ErrorAlert>);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is dismissible: a labelled close button after the content calls onClose', () => {
    const onClose = vi.fn();
    render(
      <ErrorAlert tone="warning" onClose={onClose} closeLabel="Sluiten">
        <span>Niet genoeg credits</span>
      </ErrorAlert>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.className).toBe('alert alert-warning');
    const close = screen.getByRole('button', { name: 'Sluiten' });
    expect(alert.lastElementChild).toBe(close);
    expect(close.className).toBe('btn-close');
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
