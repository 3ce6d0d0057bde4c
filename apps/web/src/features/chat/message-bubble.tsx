import type { ChatMessage, RecipientWarnKind } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n';
import { photoUrl } from '../members/photo-url';
import { useSettings } from '../session/use-settings';
import { MessageText } from './message-text';
import { SafetyGlyph, SafetyNote } from './safety-note';

/** Time of a message: hours and minutes today, else with the date. */
export function messageTime(iso: string, lng: string, now = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit' }
    : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
  return formatDate(date, lng, options);
}

/**
 * A received photo shown blurred (issue: explicit photos): `pending` until the model has scored it
 * (about a second), `explicit` when its score is above the site's threshold; the member may view it
 * (remembered for the conversation) or report it.
 */
function BlurredPhoto({
  src,
  check,
  onShow,
  onReport,
}: {
  src: string;
  check: 'pending' | 'explicit';
  onShow: () => void;
  onReport?: (() => void) | undefined;
}) {
  const { t } = useTranslation('chat');
  return (
    <div className="chat-bubble-photo chat-photo-blurred" data-testid="blurred-photo" data-check={check}>
      <img src={src} alt="" loading="lazy" aria-hidden="true" />
      <div className="chat-photo-veil">
        <p className="mb-2">{t(check === 'explicit' ? 'explicit.warning' : 'explicit.checking')}</p>
        <div className="d-flex gap-2 justify-content-center flex-wrap">
          <button type="button" className="btn btn-light btn-sm" onClick={onShow} data-testid="show-explicit">
            {t('explicit.view')}
          </button>
          {onReport && (
            <button
              type="button"
              className="btn btn-outline-light btn-sm"
              onClick={onReport}
              data-testid="report-explicit"
            >
              {t('explicit.report')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * A message bubble (SPEC.md 2): mine on the right with read state, yours on the left with a report
 * button when `onReport` is given (DECISIONS.md: report a message). A received message with
 * `safety_signals` shows the safety note under it (`onReportSignal` reports it from there); my own
 * message that is `held` says it is being checked instead of its ticks (issue: safer conversations).
 * A received photo with a `photo_check` is blurred unless `showExplicit` (the member's choice for this
 * chat; `onShowExplicit` makes it; issue: explicit photos).
 */
export function MessageBubble({
  message,
  isMine,
  isRead,
  onReport,
  onReportSignal,
  isReported = false,
  showExplicit = false,
  onShowExplicit,
}: {
  message: ChatMessage;
  isMine: boolean;
  isRead: boolean;
  onReport?: (() => void) | undefined;
  onReportSignal?: ((signal: RecipientWarnKind) => void) | undefined;
  isReported?: boolean;
  showExplicit?: boolean;
  onShowExplicit?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation('chat');
  const settings = useSettings();
  const photo = message.photo ? photoUrl(settings.cdn_prefix, message.photo.filename) : null;
  const giftImage = message.gift ? photoUrl(settings.cdn_prefix, message.gift.image) : null;
  const isHeld = isMine && message.held === true;
  return (
    <li
      className={`chat-bubble-row ${isMine ? 'mine' : 'yours'}`}
      data-testid="chat-message"
      data-mine={isMine}
      data-held={isHeld || undefined}
    >
      <div className={`chat-bubble chat-bubble-${message.kind}${isHeld ? ' is-held' : ''}`}>
        {message.kind === 'text' && (
          <p className="chat-bubble-text mb-0">
            <MessageText text={message.body} />
          </p>
        )}
        {message.kind === 'photo' && photo && message.photo_check && !showExplicit && !isMine && (
          <BlurredPhoto src={photo} check={message.photo_check} onShow={() => onShowExplicit?.()} onReport={onReport} />
        )}
        {message.kind === 'photo' && photo && !(message.photo_check && !showExplicit && !isMine) && (
          <a href={photo} target="_blank" rel="noreferrer" className="chat-bubble-photo">
            <img src={photo} alt={t('photo.alt')} loading="lazy" />
          </a>
        )}
        {message.kind === 'gift' && message.gift && (
          <figure className="chat-bubble-gift mb-0">
            {giftImage && <img src={giftImage} alt="" width={96} height={96} />}
            <figcaption>{t('gift.sent', { name: message.gift.name })}</figcaption>
          </figure>
        )}
        <div className="chat-bubble-meta">
          <time dateTime={message.created_at}>{messageTime(message.created_at, i18n.language)}</time>
          {isMine && !isHeld && (
            <span className={`chat-read-state${isRead ? ' is-read' : ''}`} title={isRead ? t('read') : t('sent')}>
              <span aria-hidden="true">{isRead ? '✓✓' : '✓'}</span>
              <span className="visually-hidden">{isRead ? t('read') : t('sent')}</span>
            </span>
          )}
          {!isMine && onReport && (
            <button
              type="button"
              className="btn btn-link btn-sm p-0 ms-2 chat-report-message"
              title={t('discovery:report.messageAction')}
              onClick={onReport}
              data-testid="report-message"
            >
              <span aria-hidden="true">⚑</span>
              <span className="visually-hidden">{t('discovery:report.messageAction')}</span>
            </button>
          )}
        </div>
      </div>
      {isHeld && (
        <p className="chat-held-hint small text-body-secondary mb-0" data-testid="message-held">
          <span className="chat-held-state">
            <SafetyGlyph kind="clock" /> {t('safety.held')}
          </span>{' '}
          {t('safety.heldHint')}
        </p>
      )}
      {!isMine && message.safety_signals && message.safety_signals.length > 0 && (
        <SafetyNote kinds={message.safety_signals} isReported={isReported} onReport={onReportSignal} />
      )}
    </li>
  );
}
