import { isSignupAllowed } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../../components/modal';
import { hasTrafficSource } from '../../lib/tracking';
import { useSettings } from '../session/use-settings';
import { useUser } from '../session/use-user';
import { setSignupOpen, useSignupOpen } from './signup-store';

/** Signup modal of the default and empty layouts; the signup steps arrive with the signup issue. */
export function SignupModal() {
  const isOpen = useSignupOpen();
  const user = useUser();
  const settings = useSettings();
  const { t } = useTranslation();
  if (!isOpen || user) return null;
  const close = () => setSignupOpen(false);
  const isAllowed = isSignupAllowed(settings.signups, hasTrafficSource());
  return (
    <Modal title={isAllowed ? t('signup.title', { site: settings.name }) : t('signup.inviteOnlyTitle')} onClose={close}>
      {isAllowed ? (
        <>
          <p>{t('signup.intro')}</p>
          <p className="text-body-secondary">{t('placeholder.building')}</p>
        </>
      ) : (
        <p>{t('signup.inviteOnly')}</p>
      )}
      <p className="mb-0">
        {t('signup.haveAccount')}{' '}
        <Link to="/login" onClick={close}>
          {t('nav.login')}
        </Link>
      </p>
    </Modal>
  );
}
