/** @jsxImportSource preact */
import { DISMISSAL_KEYS } from '@app/contracts/constants';
import { useEffect, useRef, useState } from 'preact/hooks';
import { FictionalIcon } from '../components/fictional-icon.js';
import type { SiteEntryProps } from '../layout.js';

/** localStorage key of the dismissal (SPEC.md 4), the member app's. */
const DISMISSAL_KEY = DISMISSAL_KEYS.siteEntryWarning;

function dismissedBefore(): boolean {
  try {
    return Number.isFinite(Number(window.localStorage.getItem(DISMISSAL_KEY) ?? Number.NaN));
  } catch {
    return false;
  }
}

function isInstalledApp(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches ?? false;
}

/**
 * The "important information" warning (SPEC.md 2) on public pages, the member app's: the server decided
 * setting, country and login; the browser adds "not in the installed app" and "not dismissed before".
 * A modal dialog closed, as in the app, by its close button, its accept button, Escape or a click
 * beside it; each closing stores the time of dismissal, so it does not show again.
 */
export default function SiteEntryWarning(props: SiteEntryProps) {
  const [open, setOpen] = useState(() => !dismissedBefore() && !isInstalledApp());
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (!open || !dialog.current || dialog.current.open) return;
    dialog.current.showModal();
    // The answer the warning asks for takes the focus, not the close button before it.
    dialog.current.querySelector<HTMLButtonElement>('.pub-dialog-foot button')?.focus();
  }, [open]);
  if (!open) return null;
  const close = () => {
    try {
      window.localStorage.setItem(DISMISSAL_KEY, String(Date.now()));
    } catch {
      // storage blocked: the warning shows again next time
    }
    dialog.current?.close();
    setOpen(false);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; Escape (the cancel event) is its keyboard way
    <dialog
      ref={dialog}
      class="pub-dialog"
      aria-labelledby="site-entry-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        // A click on the dialog element itself is on its backdrop (the content fills the box).
        if (event.target === dialog.current) close();
      }}
    >
      <div class="pub-dialog-box">
        <div class="pub-dialog-head">
          <h2 id="site-entry-title">{props.title}</h2>
          <button type="button" class="pub-close" aria-label={props.close} onClick={close} />
        </div>
        <div class="pub-dialog-body">
          <p>{props.adults}</p>
          <p>
            <FictionalIcon icon={props.fictional_icon} /> {props.fictional} <strong>{props.fictionalRules}</strong>
          </p>
          <p>{props.credits}</p>
          <p class="pub-small pub-muted">{props.leave}</p>
        </div>
        <div class="pub-dialog-foot">
          <button type="button" class="pub-btn pub-btn-primary pub-btn-block" onClick={close}>
            {props.accept}
          </button>
        </div>
      </div>
    </dialog>
  );
}
export const mode = 'render';
