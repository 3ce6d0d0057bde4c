import { type RecipientWarnKind, SAFETY_PAGE_PATH } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { reportSignal, safetyNoteGroup } from './safety';

/**
 * The short safety note under a received message that asks to move off the site or asks for money
 * (issue: safer conversations): one calm sentence per kind group, a link to the site's safety page
 * and a Report button that opens the report with the signal preselected (then "Reported"). The
 * message itself stays as it is: a signal alone hides nothing.
 */
export function SafetyNote({
  kinds,
  isReported,
  onReport,
}: {
  kinds: readonly RecipientWarnKind[];
  isReported: boolean;
  onReport?: ((signal: RecipientWarnKind) => void) | undefined;
}) {
  const { t } = useTranslation('chat');
  const group = safetyNoteGroup(kinds);
  const signal = reportSignal(kinds);
  if (!group || !signal) return null;
  return (
    <div className="chat-safety-note" role="note" aria-label={t('safety.note.label')} data-testid="safety-note">
      <p className="mb-1">
        <span className="chat-safety-icon" aria-hidden="true">
          ⓘ
        </span>{' '}
        {t(`safety.note.${group}`)}
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <a href={SAFETY_PAGE_PATH} className="chat-safety-link">
          {t('safety.note.more')}
        </a>
        {isReported ? (
          <span role="status" data-testid="safety-note-reported">
            ✓ {t('safety.note.reported')}
          </span>
        ) : (
          onReport && (
            <button
              type="button"
              className="btn btn-link btn-sm p-0 chat-safety-report"
              onClick={() => onReport(signal)}
              data-testid="safety-note-report"
            >
              {t('safety.note.report')}
            </button>
          )
        )}
      </div>
    </div>
  );
}
