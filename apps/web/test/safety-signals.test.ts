// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseThreshold } from '../src/admin/features/signals/hold-threshold-panel';
import { isAboveThreshold } from '../src/admin/features/signals/signal-errors';
import { confirmationNeeded, reportSignal, safetyNoteGroup } from '../src/features/chat/safety';
import { ApiError } from '../src/lib/api';
import { splitBySpans } from '../src/lib/text-spans';

describe('marking the matched parts of a text (issue: safer conversations)', () => {
  it('cuts the text at the spans and keeps the rest plain', () => {
    const text = 'Bel me op 0612345678 of mail a@b.nl';
    const parts = splitBySpans(text, [
      { kind: 'phone', start: 10, end: 20 },
      { kind: 'email', start: 29, end: 35 },
    ]);
    expect(parts).toEqual([
      { text: 'Bel me op ', kinds: [] },
      { text: '0612345678', kinds: ['phone'] },
      { text: ' of mail ', kinds: [] },
      { text: 'a@b.nl', kinds: ['email'] },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });

  it('gives overlapping parts every kind that covers them', () => {
    const parts = splitBySpans('see https://t.me/anna now', [
      { kind: 'link', start: 4, end: 21 },
      { kind: 'messenger', start: 12, end: 16 },
    ]);
    expect(parts).toEqual([
      { text: 'see ', kinds: [] },
      { text: 'https://', kinds: ['link'] },
      { text: 't.me', kinds: ['link', 'messenger'] },
      { text: '/anna', kinds: ['link'] },
      { text: ' now', kinds: [] },
    ]);
  });

  it('ignores spans without offsets, empty or reversed ones, and clamps those past the end', () => {
    expect(
      splitBySpans('hello', [
        { kind: 'repeated_text', start: null, end: null },
        { kind: 'link', start: 3, end: 3 },
        { kind: 'link', start: 4, end: 2 },
        { kind: 'phone', start: 2, end: 99 },
      ]),
    ).toEqual([
      { text: 'he', kinds: [] },
      { text: 'llo', kinds: ['phone'] },
    ]);
    expect(splitBySpans('', [{ kind: 'link', start: 0, end: 4 }])).toEqual([]);
  });

  it('joins neighbouring spans of the same kind into one mark', () => {
    expect(
      splitBySpans('abcdef', [
        { kind: 'money', start: 0, end: 3 },
        { kind: 'money', start: 3, end: 6 },
      ]),
    ).toEqual([{ text: 'abcdef', kinds: ['money'] }]);
  });
});

describe("the recipient's safety note", () => {
  it('picks the note by kind group: moving off the site, money, or both', () => {
    expect(safetyNoteGroup(undefined)).toBeNull();
    expect(safetyNoteGroup([])).toBeNull();
    expect(safetyNoteGroup(['messenger'])).toBe('offSite');
    expect(safetyNoteGroup(['off_site', 'messenger'])).toBe('offSite');
    expect(safetyNoteGroup(['gift_card'])).toBe('money');
    expect(safetyNoteGroup(['bank', 'crypto'])).toBe('money');
    expect(safetyNoteGroup(['messenger', 'money'])).toBe('both');
  });

  it('reports the weightiest signal of the message', () => {
    expect(reportSignal(undefined)).toBeUndefined();
    expect(reportSignal(['messenger'])).toBe('messenger');
    expect(reportSignal(['messenger', 'money', 'gift_card', 'bank'])).toBe('gift_card');
    expect(reportSignal(['crypto', 'bank'])).toBe('crypto');
  });
});

describe("the sender's confirmation (409 message_needs_confirmation)", () => {
  const refusal = (data: unknown) => new ApiError(409, 'message_needs_confirmation', 'Send it anyway?', data);

  it('reads the kinds and spans, in the order of SENDER_CONFIRM_KINDS', () => {
    expect(
      confirmationNeeded(
        refusal({
          kinds: ['phone', 'link'],
          signals: [
            { kind: 'link', start: 0, end: 10 },
            { kind: 'phone', start: 12, end: 22 },
          ],
        }),
      ),
    ).toEqual({
      kinds: ['link', 'phone'],
      signals: [
        { kind: 'link', start: 0, end: 10 },
        { kind: 'phone', start: 12, end: 22 },
      ],
    });
  });

  it('drops unknown kinds and malformed spans, and takes kinds named only by a span', () => {
    expect(
      confirmationNeeded(
        refusal({
          kinds: ['fax'],
          signals: [{ kind: 'email', start: 1, end: 5 }, { kind: 'email', start: -1, end: 2 }, 'x', null],
        }),
      ),
    ).toEqual({ kinds: ['email'], signals: [{ kind: 'email', start: 1, end: 5 }] });
  });

  it('is null for other errors and for a refusal without any known kind', () => {
    expect(confirmationNeeded(new ApiError(402, 'not_enough_credits', 'No credits'))).toBeNull();
    expect(confirmationNeeded(new Error('x'))).toBeNull();
    expect(confirmationNeeded(refusal(undefined))).toBeNull();
    expect(confirmationNeeded(refusal({ kinds: [], signals: [] }))).toBeNull();
  });
});

describe("the back office's hold threshold", () => {
  it('reads numbers from 0 to 1000, a comma as the decimal point', () => {
    expect(parseThreshold('10')).toBe(10);
    expect(parseThreshold(' 7,5 ')).toBe(7.5);
    expect(parseThreshold('0')).toBe(0);
    expect(parseThreshold('1000')).toBe(1000);
    expect(parseThreshold('1001')).toBeNull();
    expect(parseThreshold('-1')).toBeNull();
    expect(parseThreshold('')).toBeNull();
    expect(parseThreshold('ten')).toBeNull();
  });

  it('holds messages of a score above the threshold only', () => {
    expect(isAboveThreshold(10, 10)).toBe(false);
    expect(isAboveThreshold(10.1, 10)).toBe(true);
    expect(isAboveThreshold(0.5, 0)).toBe(true);
    expect(isAboveThreshold(0, 0)).toBe(false);
  });
});
