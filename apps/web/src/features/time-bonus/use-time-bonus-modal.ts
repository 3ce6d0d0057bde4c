import { DISMISSAL_KEYS, TIME_BONUS_MODAL_DELAY_SECONDS } from '@app/contracts';
import { useCallback, useEffect, useState } from 'react';
import { readDismissal, storeDismissal } from '../../lib/storage';

/** What decides the time-bonus modal (SPEC.md 2). */
export interface TimeBonusModalConditions {
  credits: number;
  isVisible: boolean;
  /** Time the modal was dismissed (ms), or null. */
  dismissedAt: number | null;
}

/** The modal may open: 0 credits, the bonus visible and never dismissed before (SPEC.md 2). */
export function canOpenTimeBonusModal({ credits, isVisible, dismissedAt }: TimeBonusModalConditions): boolean {
  return credits === 0 && isVisible && dismissedAt === null;
}

/**
 * The time-bonus modal (SPEC.md 2, 9): opens TIME_BONUS_MODAL_DELAY_SECONDS (40 s) after arrival in
 * the members area when canOpenTimeBonusModal holds; leaving the area before that cancels it.
 * Dismissing stores the time under hide-time-bonus-modal (SPEC.md 4).
 */
export function useTimeBonusModal(
  isInMembersArea: boolean,
  credits: number,
  isVisible: boolean,
): { isOpen: boolean; dismiss: () => void } {
  const [dismissedAt, setDismissedAt] = useState(() => readDismissal(DISMISSAL_KEYS.timeBonusModal));
  const [isDue, setDue] = useState(false);
  const canOpen = canOpenTimeBonusModal({ credits, isVisible, dismissedAt });
  const isWaiting = isInMembersArea && canOpen;
  useEffect(() => {
    if (!isWaiting) return;
    const timer = setTimeout(() => setDue(true), TIME_BONUS_MODAL_DELAY_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [isWaiting]);
  const dismiss = useCallback(() => {
    const now = Date.now();
    storeDismissal(DISMISSAL_KEYS.timeBonusModal, now);
    setDismissedAt(now);
  }, []);
  return { isOpen: isDue && canOpen && isInMembersArea, dismiss };
}
