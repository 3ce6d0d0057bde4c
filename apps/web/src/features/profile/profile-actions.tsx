import type { MemberCard } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/icon';
import { Modal } from '../../components/modal';
import { showToast } from '../../lib/toast-store';
import { useBlockMutation, useLikeMutation } from '../likes/api';
import { IcebreakerList } from '../match-dialog/icebreaker-list';
import { showMatch } from '../match-dialog/match-store';
import { ReportDialog } from '../report/report-dialog';
import { useUser } from '../session/use-user';

type Action = 'like' | 'gift' | 'message' | 'block';
const VISITOR_ACTIONS: { action: Action; variant: string; icon: IconName }[] = [
  { action: 'like', variant: 'btn-primary', icon: 'heart' },
  { action: 'message', variant: 'btn-secondary', icon: 'chat' },
  { action: 'gift', variant: 'btn-outline-primary', icon: 'gift' },
  { action: 'block', variant: 'btn-outline-secondary', icon: 'block' },
];

interface ProfileActionsProps {
  profile: MemberCard;
  isLiked?: boolean;
  isLikedBy?: boolean;
  isBlocked?: boolean;
}

/**
 * Like/unlike, message, gift, icebreaker, block/unblock and report of a profile (SPEC.md 2;
 * DECISIONS.md: report a profile). Visitors get the "log in first" message (SPEC.md 6). A like that
 * makes a match opens the match dialog.
 */
export function ProfileActions(props: ProfileActionsProps) {
  const user = useUser();
  return user ? <MemberActions {...props} /> : <VisitorActions />;
}

function VisitorActions() {
  const { t } = useTranslation();
  const [loginNeeded, setLoginNeeded] = useState<Action | null>(null);
  return (
    <div className="mb-4">
      <div className="d-flex flex-wrap gap-2 profile-actions">
        {VISITOR_ACTIONS.map(({ action, variant, icon }) => (
          <button key={action} type="button" className={`btn ${variant}`} onClick={() => setLoginNeeded(action)}>
            <Icon name={icon} /> {t(`profile.actions.${action}`)}
          </button>
        ))}
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

function MemberActions({ profile, isLiked = false, isLikedBy = false, isBlocked = false }: ProfileActionsProps) {
  const { t } = useTranslation('discovery');
  const like = useLikeMutation(profile.id);
  const block = useBlockMutation(profile.id);
  const [dialog, setDialog] = useState<'block' | 'icebreakers' | 'report' | null>(null);
  const report = dialog === 'report' && (
    <ReportDialog profile={profile} canBlock={!isBlocked} onClose={() => setDialog(null)} />
  );

  const handleLike = () =>
    like.mutate(!isLiked, {
      onSuccess: (res) => {
        if (res.match) showMatch(profile);
        else
          showToast(
            isLiked ? t('actions.unliked', { name: profile.name }) : t('actions.liked', { name: profile.name }),
            'success',
          );
      },
      onError: (err) => showToast(err.message || t('common:error.general'), 'danger'),
    });
  const handleBlock = () =>
    block.mutate(!isBlocked, {
      onSuccess: () => {
        setDialog(null);
        showToast(t(isBlocked ? 'block.unblocked' : 'block.blocked', { name: profile.name }), 'success');
      },
      onError: (err) => showToast(err.message || t('common:error.general'), 'danger'),
    });

  if (isBlocked) {
    return (
      <div className="mb-4">
        <div className="alert alert-secondary d-flex flex-wrap align-items-center gap-2" role="status">
          <span className="me-auto">{t('block.isBlocked', { name: profile.name })}</span>
          <button type="button" className="btn btn-outline-secondary" onClick={handleBlock} disabled={block.isPending}>
            <Icon name="block" /> {t('block.unblock')}
          </button>
          <button type="button" className="btn btn-link text-danger" onClick={() => setDialog('report')}>
            {t('report.action')}
          </button>
        </div>
        {report}
      </div>
    );
  }

  return (
    <div className="mb-4">
      {isLikedBy && !isLiked && (
        <p className="text-primary fw-semibold mb-2" data-testid="liked-by-note">
          <Icon name="heart" /> {t('actions.likesYou', { name: profile.name })}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2 profile-actions">
        <button
          type="button"
          className={`btn ${isLiked ? 'btn-outline-primary' : 'btn-primary'}`}
          aria-pressed={isLiked}
          onClick={handleLike}
          disabled={like.isPending}
          data-testid="like-button"
        >
          <Icon name="heart" /> {isLiked ? t('actions.unlike') : t('common:profile.actions.like')}
        </button>
        <Link to={`/members/${profile.id}/chat`} className="btn btn-secondary">
          <Icon name="chat" /> {t('common:profile.actions.message')}
        </Link>
        <Link to={`/members/${profile.id}/chat?gift=1`} className="btn btn-outline-primary">
          <Icon name="gift" /> {t('common:profile.actions.gift')}
        </Link>
        <button type="button" className="btn btn-outline-primary" onClick={() => setDialog('icebreakers')}>
          <Icon name="star" /> {t('icebreakers.open')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => setDialog('block')}>
          <Icon name="block" /> {t('common:profile.actions.block')}
        </button>
        <button
          type="button"
          className="btn btn-outline-danger"
          onClick={() => setDialog('report')}
          data-testid="report-profile"
        >
          {t('report.action')}
        </button>
      </div>
      {report}
      {dialog === 'icebreakers' && (
        <Modal title={t('icebreakers.title', { name: profile.name })} onClose={() => setDialog(null)}>
          <IcebreakerList profileId={profile.id} />
        </Modal>
      )}
      {dialog === 'block' && (
        <Modal
          title={t('block.confirmTitle', { name: profile.name })}
          onClose={() => setDialog(null)}
          footer={
            <>
              <button type="button" className="btn btn-link" onClick={() => setDialog(null)}>
                {t('block.cancel')}
              </button>
              <button type="button" className="btn btn-danger" onClick={handleBlock} disabled={block.isPending}>
                {t('block.confirm')}
              </button>
            </>
          }
        >
          <p className="mb-0">{t('block.explain', { name: profile.name })}</p>
        </Modal>
      )}
    </div>
  );
}
