import { passkeyCalls } from '@app/contracts';
import { platformAuthenticatorIsAvailable } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { Modal } from '../../components/modal';
import { call } from '../../lib/api';
import { ApiErrorAlert } from '../account/api-error-alert';
import { addPasskey, isBrowserCeremonyError, supportsPasskeys } from './passkey-api';

/**
 * Whether to offer a passkey after a password login (issue: passkeys): the browser supports them, the
 * device has a platform authenticator, and the server says the member has none and never dismissed the offer.
 */
export async function shouldOfferPasskey(): Promise<boolean> {
  // Only where this device can keep a passkey itself (fingerprint, face, screen lock).
  if (!supportsPasskeys() || !(await platformAuthenticatorIsAvailable().catch(() => false))) return false;
  try {
    return (await call(passkeyCalls.list)).offer;
  } catch {
    return false;
  }
}

/**
 * The offer after a password login: add a passkey now, or "Not now", which the server remembers so
 * it is shown once. Either way `onDone` goes on to where the login leads.
 */
export function PasskeyOffer({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('access');
  const add = useMutation({ mutationFn: () => addPasskey(''), onSuccess: onDone });
  const dismiss = useMutation({
    mutationFn: () => call(passkeyCalls.dismissOffer),
    onSettled: onDone,
  });
  return (
    <Modal
      title={t('passkeys.offerTitle')}
      onClose={() => dismiss.mutate()}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={() => dismiss.mutate()}>
            {t('passkeys.offerLater')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => add.mutate()} disabled={add.isPending}>
            {t('passkeys.offerAdd')}
          </button>
        </>
      }
    >
      <div data-testid="passkey-offer">
        {add.error &&
          (isBrowserCeremonyError(add.error) ? (
            <ErrorAlert>{t('passkeys.cancelled')}</ErrorAlert>
          ) : (
            <ApiErrorAlert error={add.error} showResetLink={false} />
          ))}
        <p className="mb-0">{t('passkeys.offerText')}</p>
      </div>
    </Modal>
  );
}
