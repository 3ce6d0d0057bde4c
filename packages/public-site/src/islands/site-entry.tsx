/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SiteEntryProps } from '../layout.js';

/** localStorage key of the dismissal (SPEC.md 4, contracts DISMISSAL_KEYS.siteEntryWarning). */
const DISMISSAL_KEY = 'hide-site-entry-warning';

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
 * The "important information" warning (SPEC.md 2) on public pages: the server decided setting, country
 * and login; the browser adds "not in the installed app" and "not dismissed before", and stores the
 * time of dismissal. A modal dialog that keeps focus until accepted.
 */
export default function SiteEntryWarning({ title, paragraphs, accept, leave }: SiteEntryProps) {
  const [open, setOpen] = useState(() => !dismissedBefore() && !isInstalledApp());
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
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
    <dialog
      ref={dialog}
      class="pub-dialog"
      aria-labelledby="site-entry-title"
      onCancel={(event) => {
        event.preventDefault();
      }}
    >
      <h2 id="site-entry-title">{title}</h2>
      {paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <p class="pub-small pub-muted">{leave}</p>
      <button type="button" class="pub-btn pub-btn-primary pub-btn-block" onClick={close}>
        {accept}
      </button>
    </dialog>
  );
}
export const mode = 'render';
