// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MessageForm } from '../src/features/chat/message-form';
import { ApiError } from '../src/lib/api';
import { initI18n, loadNamespaces } from '../src/lib/i18n';

const refusal = () =>
  new ApiError(409, 'message_needs_confirmation', 'Send it anyway?', {
    kinds: ['phone'],
    signals: [{ kind: 'phone', start: 7, end: 17 }],
  });

function renderForm(onSendText: (text: string, confirmed?: boolean) => Promise<void>) {
  render(
    <MemoryRouter>
      <MessageForm
        conversation={1}
        maxLength={500}
        costs={{ message: 1, photo: 2 }}
        isGiftPickerOpen={false}
        onGiftPickerChange={() => undefined}
        onSendText={onSendText}
        onSendPhoto={async () => undefined}
        onSendGift={async () => undefined}
      />
    </MemoryRouter>,
  );
  return screen.getByTestId('chat-input') as HTMLTextAreaElement;
}

async function send(input: HTMLTextAreaElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  });
}

beforeAll(async () => {
  await initI18n('en');
  await loadNamespaces(['chat']);
});
afterEach(() => cleanup());

describe('"Are you sure?" before a text with contact details (issue: safer conversations)', () => {
  it('shows why, marks the matched part of the trimmed draft, and Edit keeps the draft', async () => {
    const onSendText = vi.fn().mockRejectedValue(refusal());
    const input = renderForm(onSendText);
    await send(input, '  Bel me 0612345678 ok  ');
    const dialog = screen.getByRole('dialog', { name: 'Send this message?' });
    expect(dialog.textContent).toContain('A phone number cannot be taken back once shared');
    const mark = dialog.querySelector('mark');
    expect(mark?.textContent).toBe('0612345678 (phone number)');
    expect(screen.getByTestId('confirm-draft').textContent).toBe('Bel me 0612345678 (phone number) ok');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Edit message' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(input.value).toBe('  Bel me 0612345678 ok  ');
    expect(document.activeElement).toBe(input);
    expect(onSendText).toHaveBeenCalledTimes(1);
    expect(onSendText).toHaveBeenLastCalledWith('  Bel me 0612345678 ok  ', undefined);
  });

  it('Send anyway sends the same draft again with confirmed and empties the composer', async () => {
    const onSendText = vi.fn().mockRejectedValueOnce(refusal()).mockResolvedValueOnce(undefined);
    const input = renderForm(onSendText);
    await send(input, 'Bel me 0612345678');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send anyway' }));
    });
    expect(onSendText).toHaveBeenLastCalledWith('Bel me 0612345678', true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(input.value).toBe('');
  });

  it('a refusal after Send anyway (no credits) closes the dialog and shows the alert, the draft kept', async () => {
    const onSendText = vi
      .fn()
      .mockRejectedValueOnce(refusal())
      .mockRejectedValueOnce(new ApiError(402, 'not_enough_credits', 'You do not have enough credits.'));
    const input = renderForm(onSendText);
    await send(input, 'Bel me 0612345678');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send anyway' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('You do not have enough credits.');
    expect(input.value).toBe('Bel me 0612345678');
  });

  it('any other refusal shows the alert without the dialog', async () => {
    const onSendText = vi.fn().mockRejectedValue(new ApiError(403, 'blocked', 'You cannot contact this profile.'));
    const input = renderForm(onSendText);
    await send(input, 'hello');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('You cannot contact this profile.');
  });
});
