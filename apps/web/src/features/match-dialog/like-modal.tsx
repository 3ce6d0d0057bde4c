import { discoveryCalls, type MemberCard } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Modal } from '../../components/modal';
import { call } from '../../lib/api';
import { discoveryKeys } from '../likes/api';
import { FictionalLabel } from '../members/fictional-label';
import { photoUrl } from '../members/photo-url';
import { useSettings } from '../session/use-settings';

/** Likes reload this long after the like modal loaded its profile (SPEC.md 7). */
export const LIKES_RELOAD_DELAY_MS = 500;

/** Seconds of the `t` query parameter, or null when absent or invalid. */
export function likeModalDelay(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 && seconds <= 3600 ? seconds : null;
}

/**
 * The like modal (SPEC.md 2, 7): `?t=<seconds>` opens it after that delay and is removed from the
 * URL at once. It shows a profile that liked the member (GET /api/auto-like.php); a fictional one
 * carries its label and warning (DECISIONS.md).
 */
export function LikeModal() {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const settings = useSettings();
  const { t } = useTranslation('discovery');
  const [liker, setLiker] = useState<MemberCard | null>(null);
  // The delay asked for, kept once `t` has left the URL: a new object per request starts a new timer.
  const [pending, setPending] = useState<{ seconds: number } | null>(null);
  const asked = likeModalDelay(params.get('t'));

  useEffect(() => {
    if (asked === null) return;
    setPending({ seconds: asked });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('t');
        return next;
      },
      { replace: true },
    );
  }, [asked, setParams]);

  useEffect(() => {
    if (!pending) return;
    let reload: ReturnType<typeof setTimeout> | undefined;
    const open = setTimeout(async () => {
      try {
        const found = await call(discoveryCalls.autoLike);
        setLiker(found);
      } catch {
        // Nothing to show: the modal simply does not open.
      }
      reload = setTimeout(
        () => void client.invalidateQueries({ queryKey: discoveryKeys.likes }),
        LIKES_RELOAD_DELAY_MS,
      );
    }, pending.seconds * 1000);
    return () => {
      clearTimeout(open);
      if (reload) clearTimeout(reload);
    };
  }, [pending, client]);

  if (!liker) return null;
  const src = photoUrl(settings.cdn_prefix, liker.main_image?.match);
  const close = () => setLiker(null);
  return (
    <Modal title={t('likeModal.title')} onClose={close}>
      <div className="text-center" data-testid="like-modal">
        {src && <img src={src} alt={liker.name} className="rounded object-fit-cover mb-3" width={200} height={200} />}
        <p className="lead">{t('likeModal.text', { name: liker.name })}</p>
        {liker.fictional && <FictionalLabel />}
        <div className="d-grid gap-2 mt-3">
          <Link to={`/likes/m/${liker.id}`} className="btn btn-primary" onClick={close}>
            {t('likeModal.view')}
          </Link>
          <button type="button" className="btn btn-link" onClick={close}>
            {t('match.later')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
