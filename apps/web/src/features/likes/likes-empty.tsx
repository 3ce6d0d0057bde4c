import type { LikeType } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../session/use-user';

/**
 * An empty likes tab: what to do next (the swipe game, the member search). The hint to add a nice
 * photo shows only to a member without a main photo; one who has a photo is told to like others.
 */
export function LikesEmpty({ type }: { type: LikeType }) {
  const { t } = useTranslation('discovery');
  const user = useUser();
  const hasPhoto = Boolean(user?.profile.main_image);
  const text = type === 'received' && hasPhoto ? t('common:likes.emptyReceivedWithPhoto') : t(`likes.empty.${type}`);
  return (
    <div className="text-center py-5" data-testid="likes-empty">
      <p className="lead">{text}</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        {type === 'received' && !hasPhoto && (
          <Link to="/profile" className="btn btn-primary">
            {t('common:warnings.photoLink')}
          </Link>
        )}
        <Link
          to="/swipe-game"
          className={type === 'received' && !hasPhoto ? 'btn btn-outline-primary' : 'btn btn-primary'}
        >
          {t('swipe.title')}
        </Link>
        <Link to="/members" className="btn btn-outline-primary">
          {t('likes.searchMembers')}
        </Link>
      </div>
    </div>
  );
}
