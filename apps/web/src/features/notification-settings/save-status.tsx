import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { errorText } from '../account/api-error-alert';

/** Milliseconds the "Saved" confirmation stays after a save. */
const SAVED_VISIBLE_MS = 4000;

/** What SaveStatus reads of a mutation (TanStack Query's useMutation result). */
export interface SaveState {
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
  submittedAt: number;
}

/**
 * The outcome of an immediate save beside its control: "Saving…", then "Saved" for a few seconds
 * (a polite live region, so screen readers hear it), or the error in the member's language (an
 * alert). `id` lets the control point at it with aria-describedby.
 */
export function SaveStatus({ id, state }: { id: string; state: SaveState }) {
  const { t } = useTranslation('notifications');
  const [isSavedShown, setSavedShown] = useState(false);
  const { isSuccess, submittedAt } = state;
  // Each save (a new submittedAt) shows "Saved" again for a while.
  useEffect(() => {
    if (!isSuccess || submittedAt === 0) return;
    setSavedShown(true);
    const timer = setTimeout(() => setSavedShown(false), SAVED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [isSuccess, submittedAt]);

  if (state.error) {
    return (
      <ErrorAlert id={id} className="py-2 px-3 small mt-2 mb-0">
        {errorText(state.error, t)}
      </ErrorAlert>
    );
  }
  return (
    <span id={id} className="small ms-2 save-status" role="status" aria-live="polite">
      {state.isPending && <span className="text-body-secondary">{t('saving')}</span>}
      {!state.isPending && state.isSuccess && isSavedShown && <span className="text-success">✓ {t('saved')}</span>}
    </span>
  );
}
