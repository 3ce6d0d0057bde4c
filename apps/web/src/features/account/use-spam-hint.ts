import { SPAM_HINT_SECONDS } from '@app/contracts';
import { useEffect, useState } from 'react';

/**
 * True once SPAM_HINT_SECONDS (60) have passed since mount or since `restartKey` last changed (a resend):
 * the spam-folder hint of SPEC.md 4 for a mail that has not arrived.
 */
export function useSpamHint(restartKey: unknown = null): boolean {
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    void restartKey;
    setShown(false);
    const timer = setTimeout(() => setShown(true), SPAM_HINT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [restartKey]);
  return isShown;
}
