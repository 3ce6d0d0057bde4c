import type { User } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Modal } from '../../components/modal';
import { isPhone } from '../../lib/display-mode';
import { isActivationModal, SIGNUP_COMPLETE_PARAM } from './activation';
import { ResendActivation } from './resend-activation';

/**
 * Reminder to confirm the e-mail address (SPEC.md 2): a banner with a resend button, or a modal when
 * the query has api_signup_complete on a smartphone. The caller checks needsActivation.
 */
export function ActivationReminder({ user }: { user: User }) {
  const { t } = useTranslation('access');
  const location = useLocation();
  const navigate = useNavigate();
  const text = t('activation.reminderText', { email: user.email });

  if (isActivationModal(location.search, isPhone())) {
    const close = () => {
      const params = new URLSearchParams(location.search);
      params.delete(SIGNUP_COMPLETE_PARAM);
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    };
    return (
      <Modal title={t('activation.reminderTitle')} onClose={close}>
        <p>{text}</p>
        <ResendActivation className="btn btn-primary w-100" />
      </Modal>
    );
  }
  return (
    <div
      className="alert alert-warning d-md-flex align-items-center gap-3"
      role="status"
      data-testid="activation-reminder"
    >
      <div className="flex-grow-1">
        <strong>{t('activation.reminderTitle')}</strong> {text}
      </div>
      <div className="mt-2 mt-md-0 flex-shrink-0">
        <ResendActivation className="btn btn-sm btn-warning" />
      </div>
    </div>
  );
}
