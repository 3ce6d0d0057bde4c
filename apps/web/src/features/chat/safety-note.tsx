import { type RecipientWarnKind, SAFETY_PAGE_PATH } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { reportSignal, safetyNoteGroup } from './safety';

/** A small clock (held message) or info (safety note) glyph: decorative, drawn so no font must have it. */
export function SafetyGlyph({ kind }: { kind: 'info' | 'clock' }) {
  return (
    <svg className="icon chat-safety-glyph" width="1em" height="1em" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      {kind === 'info' ? (
        <path d="M7.25 7h1.5v4.5h-1.5zM8 4.2a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8" fill="currentColor" />
      ) : (
        <path d="M7.25 4h1.5v3.7l2.4 1.4-.75 1.3-3.15-1.85z" fill="currentColor" />
      )}
    </svg>
  );
}

/**
 * The short safety note under a received message that asks to move off the site or asks for money
 * (issue: safer conversations): one calm sentence per kind group, a link to the site's safety page
 * and a Report button that sends the report in one tap, the signal with it (then "Reported"). The
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
        <SafetyGlyph kind="info" /> {t(`safety.note.${group}`)}
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
