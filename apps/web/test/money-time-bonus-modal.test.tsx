// @vitest-environment happy-dom
import { DISMISSAL_KEYS } from '@app/contracts';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canOpenTimeBonusModal, useTimeBonusModal } from '../src/features/time-bonus/use-time-bonus-modal';
import { readDismissal, storeDismissal } from '../src/lib/storage';

afterEach(cleanup);

describe('time-bonus modal conditions (SPEC.md 2)', () => {
  it('needs 0 credits, a visible bonus and no earlier dismissal', () => {
    expect(canOpenTimeBonusModal({ credits: 0, isVisible: true, dismissedAt: null })).toBe(true);
    expect(canOpenTimeBonusModal({ credits: 1, isVisible: true, dismissedAt: null })).toBe(false);
    expect(canOpenTimeBonusModal({ credits: 0, isVisible: false, dismissedAt: null })).toBe(false);
    expect(canOpenTimeBonusModal({ credits: 0, isVisible: true, dismissedAt: 1_700_000_000_000 })).toBe(false);
  });
});

describe('useTimeBonusModal (40 s after arrival in the members area)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('opens after 40 seconds, not before', () => {
    const { result } = renderHook(() => useTimeBonusModal(true, 0, true));
    act(() => vi.advanceTimersByTime(39_999));
    expect(result.current.isOpen).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.isOpen).toBe(true);
  });

  it.each([
    ['the member has credits', true, 5, true],
    ['the bonus is not visible', true, 0, false],
    ['the member is outside the members area', false, 0, true],
  ])('stays closed when %s', (_case, isInArea, credits, isVisible) => {
    const { result } = renderHook(() => useTimeBonusModal(isInArea, credits, isVisible));
    act(() => vi.advanceTimersByTime(120_000));
    expect(result.current.isOpen).toBe(false);
  });

  it('stays closed once dismissed before', () => {
    storeDismissal(DISMISSAL_KEYS.timeBonusModal, 1_700_000_000_000);
    const { result } = renderHook(() => useTimeBonusModal(true, 0, true));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.isOpen).toBe(false);
  });

  it('starts counting again on arrival: leaving the area before 40 s cancels', () => {
    const { result, rerender } = renderHook(({ area }) => useTimeBonusModal(area, 0, true), {
      initialProps: { area: true },
    });
    act(() => vi.advanceTimersByTime(30_000));
    rerender({ area: false });
    act(() => vi.advanceTimersByTime(30_000));
    rerender({ area: true });
    act(() => vi.advanceTimersByTime(39_000));
    expect(result.current.isOpen).toBe(false);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.isOpen).toBe(true);
  });

  it('closes on dismissal and stores its time under hide-time-bonus-modal', () => {
    vi.setSystemTime(1_800_000_000_000);
    const { result } = renderHook(() => useTimeBonusModal(true, 0, true));
    act(() => vi.advanceTimersByTime(40_000));
    expect(result.current.isOpen).toBe(true);
    act(() => result.current.dismiss());
    expect(result.current.isOpen).toBe(false);
    expect(readDismissal('hide-time-bonus-modal')).toBe(1_800_000_040_000);
  });
});
