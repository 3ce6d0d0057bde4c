import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Modal } from '../../components/modal';
import { useSettings } from '../session/use-settings';
import { useUser } from '../session/use-user';
import { setSignupOpen, useSignupInProgress, useSignupOpen } from './signup-store';

// The form, the steps and zxcvbn load only when the modal opens: the entry bundle stays small.
const SignupFlow = lazy(() => import('./signup-flow').then((m) => ({ default: m.SignupFlow })));

/**
 * Signup modal of the default and empty layouts (desktop; SPEC.md 2). Once signup is in progress it
 * cannot be closed by the backdrop or Escape; any navigation (a link inside, the back button) closes it.
 */
export function SignupModal() {
  const isOpen = useSignupOpen();
  const isInProgress = useSignupInProgress();
  const user = useUser();
  const settings = useSettings();
  const navigate = useNavigate();
  const { key: locationKey } = useLocation();
  const { t } = useTranslation();
  const openedOn = useRef<string | null>(null);
  const close = useCallback(() => setSignupOpen(false), []);

  useEffect(() => {
    if (!isOpen) {
      openedOn.current = null;
    } else if (openedOn.current === null) {
      openedOn.current = locationKey;
    } else if (openedOn.current !== locationKey) {
      close();
    }
  }, [isOpen, locationKey, close]);

  if (!isOpen || (user && !isInProgress)) return null;
  const finish = (to: string) => {
    close();
    void navigate(to);
  };
  return (
    <Modal title={t('signup.title', { site: settings.name })} onClose={close} isDismissible={!isInProgress}>
      <Suspense
        fallback={
          <div className="text-center py-4">
            <span className="spinner-border text-primary" role="status">
              <span className="visually-hidden">{t('actions.loading')}</span>
            </span>
          </div>
        }
      >
        <SignupFlow onFinish={finish} onLeave={close} />
      </Suspense>
    </Modal>
  );
}
