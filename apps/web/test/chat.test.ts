import { afterEach, describe, expect, it, vi } from 'vitest';
import { setChatCounts } from '../src/features/chat/counts-store';
import { splitMessageText } from '../src/features/chat/message-text';
import { RECONNECT_MS, reconnectDelay } from '../src/lib/realtime';

describe('message text', () => {
  it('makes only links to the own domain clickable and keeps everything else plain text', () => {
    const parts = splitMessageText(
      'Kijk https://evil.example/x en https://mijnsite.nl/members/3. <b>hoi</b>',
      'mijnsite.nl',
    );
    expect(parts).toEqual([
      { text: 'Kijk https://evil.example/x en ' },
      { text: 'https://mijnsite.nl/members/3', href: 'https://mijnsite.nl/members/3' },
      { text: '. <b>hoi</b>' },
    ]);
  });

  it('does not treat look-alike hosts as the own domain', () => {
    expect(splitMessageText('https://mijnsite.nl.evil.example/', 'mijnsite.nl')).toEqual([
      { text: 'https://mijnsite.nl.evil.example/' },
    ]);
  });
});

describe('realtime reconnect backoff', () => {
  it('doubles from 1 s up to 30 s with at most 25% jitter', () => {
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_MS.first);
    expect(reconnectDelay(3, () => 0)).toBe(8000);
    expect(reconnectDelay(20, () => 0)).toBe(RECONNECT_MS.max);
    expect(reconnectDelay(0, () => 1)).toBe(1250);
  });
});

describe('app badge', () => {
  afterEach(() => {
    setChatCounts({ unreadMessages: 0, newLikes: 0 });
    vi.unstubAllGlobals();
  });

  it('shows unread messages plus new likes and ignores failures', async () => {
    const setAppBadge = vi.fn().mockRejectedValue(new Error('not allowed'));
    const clearAppBadge = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, setAppBadge, clearAppBadge });
    setChatCounts({ unreadMessages: 3, newLikes: 2 });
    expect(setAppBadge).toHaveBeenLastCalledWith(5);
    setChatCounts({ unreadMessages: 0, newLikes: 0 });
    expect(clearAppBadge).toHaveBeenCalled();
  });
});
