/** @jsxImportSource preact */
import { PHONE_MEDIA_QUERY } from '@app/contracts/constants';
import type { FunctionComponent } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SignupDialogProps } from '../signup/props.js';
import type { SignupFormProps } from '../signup/signup-form.js';

/** The path every "Sign up free" link of the public pages leads to (SPEC.md 2 /signup). */
const SIGNUP_PATH = '/signup';

/** The /signup link a click landed on, when it is a plain left click that should open the dialog. */
function signupLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!link || link.target === '_blank' || link.origin !== window.location.origin) return null;
  return link.pathname === SIGNUP_PATH ? link : null;
}

/** Whether the viewport is a phone's: the member app's rule (contracts PHONE_MEDIA_QUERY). */
function isPhone(): boolean {
  return window.matchMedia?.(PHONE_MEDIA_QUERY).matches ?? false;
}

let formModule: Promise<FunctionComponent<SignupFormProps>> | null = null;
/** The form's module, loaded once: at the first open, or when a signup link is pointed at or focused. */
function loadForm(): Promise<FunctionComponent<SignupFormProps>> {
  formModule ??= import('../signup/signup-form.js').then((m) => m.SignupForm);
  return formModule;
}

/**
 * The signup dialog of the public pages (SPEC.md 2: "Signup opens a modal on desktop and the signup
 * page on a smartphone"). Every link to /signup keeps its href, so without script and on a phone it
 * stays the page; on a wider screen a click opens this modal dialog instead, with the member app's form
 * (loaded on demand). A native modal `<dialog>`: the page behind is inert, focus stays inside, it is
 * labelled by its title; Escape, the close button and a click beside it close it, except while the
 * signup is in progress (SPEC.md 2).
 */
export default function SignupDialog(props: SignupDialogProps) {
  const [isOpen, setOpen] = useState(false);
  const [isInProgress, setInProgress] = useState(false);
  const [Form, setForm] = useState<FunctionComponent<SignupFormProps> | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const handleClick = (event: MouseEvent) => {
      if (!signupLinkOf(event) || isPhone()) return;
      event.preventDefault();
      setOpen(true);
      void loadForm().then((component) => setForm(() => component));
    };
    const warm = (event: Event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (link?.pathname === SIGNUP_PATH && !isPhone()) void loadForm();
    };
    document.addEventListener('click', handleClick);
    document.addEventListener('pointerover', warm, { passive: true });
    document.addEventListener('focusin', warm);
    return () => {
      document.removeEventListener('click', handleClick);
      document.removeEventListener('pointerover', warm);
      document.removeEventListener('focusin', warm);
    };
  }, []);

  useEffect(() => {
    if (isOpen && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [isOpen]);

  if (!isOpen) return null;
  const close = () => {
    if (isInProgress) return;
    dialog.current?.close();
    setOpen(false);
  };
  const { texts } = props;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; Escape (the cancel event) is its keyboard way
    <dialog
      ref={dialog}
      class="pub-dialog pub-signup"
      aria-labelledby="signup-dialog-title"
      data-testid="signup-dialog"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) close();
      }}
    >
      <div class="pub-dialog-box">
        <div class="pub-dialog-head">
          <h2 id="signup-dialog-title">{texts.title}</h2>
          {!isInProgress && <button type="button" class="pub-close" aria-label={texts.close} onClick={close} />}
        </div>
        <div class="pub-dialog-body">
          <p>{texts.intro}</p>
          {Form ? (
            <Form {...props} onProgress={setInProgress} />
          ) : (
            <p class="pub-center" role="status">
              <span class="pub-spinner" aria-hidden="true" /> {texts.loading}
            </p>
          )}
          <p class="pub-center pub-dialog-last">
            {texts.haveAccount} <a href="/login">{texts.login}</a>
          </p>
        </div>
      </div>
    </dialog>
  );
}
export const mode = 'render';
