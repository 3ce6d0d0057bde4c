import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../../components/modal';
import { markMatchSeen } from '../likes/api';
import { FictionalLabel } from '../members/fictional-label';
import { photoUrl } from '../members/photo-url';
import { useSettings } from '../session/use-settings';
import { useUser } from '../session/use-user';
import { IcebreakerList } from './icebreaker-list';
import { dismissMatch, useCurrentMatch } from './match-store';

/** The match dialog (SPEC.md 2): both photos, the fictional label when it applies, chat or icebreakers. */
export function MatchDialog() {
  const match = useCurrentMatch();
  const user = useUser();
  const settings = useSettings();
  const { t } = useTranslation('discovery');
  const [isPicking, setIsPicking] = useState(false);

  useEffect(() => {
    setIsPicking(false);
    if (match) void markMatchSeen(match.id).catch(() => undefined);
  }, [match]);

  if (!match) return null;
  const theirs = photoUrl(settings.cdn_prefix, match.main_image?.match);
  const mine = photoUrl(settings.cdn_prefix, user?.profile.main_image?.match);
  const photo = (src: string | null, name: string) =>
    src ? (
      <img
        src={src}
        alt={name}
        className="rounded-circle object-fit-cover border border-3 border-white shadow"
        width={112}
        height={112}
      />
    ) : (
      <div
        className="rounded-circle bg-secondary-subtle d-flex align-items-center justify-content-center fs-2 border border-3 border-white shadow"
        style={{ width: 112, height: 112 }}
        aria-hidden="true"
      >
        {name.slice(0, 1).toUpperCase()}
      </div>
    );

  return (
    <Modal title={t('match.title')} onClose={dismissMatch}>
      <div className="text-center" data-testid="match-dialog">
        <div className="d-flex justify-content-center mb-3">
          <div style={{ marginRight: -16 }}>{photo(mine, user?.profile.name ?? '')}</div>
          {photo(theirs, match.name)}
        </div>
        <p className="lead">{t('match.text', { name: match.name })}</p>
        {match.fictional && <FictionalLabel />}
        {isPicking ? (
          <div className="mt-3">
            <IcebreakerList profileId={match.id} onPick={dismissMatch} />
          </div>
        ) : (
          <div className="d-grid gap-2 mt-3">
            <Link to={`/members/${match.id}/chat`} className="btn btn-primary" onClick={dismissMatch}>
              {t('match.message')}
            </Link>
            <button type="button" className="btn btn-outline-primary" onClick={() => setIsPicking(true)}>
              {t('icebreakers.open')}
            </button>
            <button type="button" className="btn btn-link" onClick={dismissMatch}>
              {t('match.later')}
            </button>
          </div>
        )}
      </div>
    </Modal>
  );
}
