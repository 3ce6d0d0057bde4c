import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/icon';
import { showToast } from '../../lib/toast-store';
import { useUser } from '../session/use-user';

type Action = 'like' | 'gift' | 'message' | 'block';
const ACTIONS: { action: Action; variant: string; icon: IconName }[] = [
  { action: 'like', variant: 'btn-primary', icon: 'heart' },
  { action: 'message', variant: 'btn-secondary', icon: 'chat' },
  { action: 'gift', variant: 'btn-outline-primary', icon: 'gift' },
  { action: 'block', variant: 'btn-outline-secondary', icon: 'block' },
];

/**
 * Like, message, gift and block buttons (SPEC.md 2). Visitors get the "log in first" message
 * (SPEC.md 6); like, gift and block arrive with later issues and say so honestly.
 */
export function ProfileActions({ profileId }: { profileId: number }) {
  const { t } = useTranslation();
  const user = useUser();
  const [loginNeeded, setLoginNeeded] = useState<Action | null>(null);

  const handleClick = (action: Action) => {
    if (!user) return setLoginNeeded(action);
    showToast(t('profile.comingSoon'), 'info');
  };

  return (
    <div className="mb-4">
      <div className="d-flex flex-wrap gap-2 profile-actions">
        {ACTIONS.map(({ action, variant, icon }) =>
          action === 'message' && user ? (
            <Link key={action} to={`/members/${profileId}/chat`} className={`btn ${variant}`}>
              <Icon name={icon} /> {t(`profile.actions.${action}`)}
            </Link>
          ) : (
            <button key={action} type="button" className={`btn ${variant}`} onClick={() => handleClick(action)}>
              <Icon name={icon} /> {t(`profile.actions.${action}`)}
            </button>
          ),
        )}
      </div>
      {loginNeeded && (
        <div className="alert alert-info mt-3 mb-0" role="alert">
          {t(`profile.loginRequired.${loginNeeded}`)}{' '}
          <Link to="/login" className="alert-link">
            {t('nav.login')}
          </Link>
        </div>
      )}
    </div>
  );
}
