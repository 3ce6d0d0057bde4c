import type { MemberCard } from '@app/contracts';
import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalLabel } from '../members/fictional-label';
import { photoUrl } from '../members/photo-url';
import { useSettings } from '../session/use-settings';
import { swipeDecision } from './swipe-gesture';

/** One swipe-game card (photo, name, age, city, fictional label) that follows a drag (pointer events). */
export function SwipeCard({ card, onDecide }: { card: MemberCard; onDecide: (action: 'like' | 'pass') => void }) {
  const settings = useSettings();
  const { t } = useTranslation('discovery');
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const src = photoUrl(settings.cdn_prefix, card.main_image?.match);

  const handleDown = (e: PointerEvent<HTMLDivElement>) => {
    start.current = e.clientX;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const handleMove = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setDx(e.clientX - start.current);
  };
  const handleUp = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const decision = swipeDecision(e.clientX - start.current, e.currentTarget.offsetWidth);
    start.current = null;
    setDx(0);
    if (decision) onDecide(decision);
  };
  const hint = swipeDecision(dx, 360);

  return (
    <div
      className="card shadow border-0 overflow-hidden user-select-none"
      style={{
        transform: `translateX(${dx}px) rotate(${dx / 20}deg)`,
        transition: start.current === null ? 'transform .2s ease-out' : 'none',
        touchAction: 'pan-y',
        cursor: 'grab',
      }}
      onPointerDown={handleDown}
      onPointerMove={handleMove}
      onPointerUp={handleUp}
      onPointerCancel={() => {
        start.current = null;
        setDx(0);
      }}
      data-testid="swipe-card"
    >
      <div className="ratio ratio-1x1 bg-body-secondary position-relative">
        {src ? (
          <img src={src} alt={t('swipe.photoOf', { name: card.name })} className="object-fit-cover" draggable={false} />
        ) : (
          <div
            className="d-flex align-items-center justify-content-center display-1 text-body-secondary"
            aria-hidden="true"
          >
            {card.name.slice(0, 1).toUpperCase()}
          </div>
        )}
        {hint && (
          <span
            className={`position-absolute top-0 m-3 badge fs-5 ${hint === 'like' ? 'start-0 text-bg-success' : 'end-0 text-bg-secondary'}`}
            style={{ width: 'auto', height: 'auto' }}
          >
            {t(hint === 'like' ? 'swipe.like' : 'swipe.pass')}
          </span>
        )}
      </div>
      <div className="card-body">
        <h2 className="h4 mb-1" data-testid="swipe-name">
          {card.name}, <span className="fw-normal">{t('swipe.age', { age: card.age })}</span>
        </h2>
        {card.city && <p className="text-body-secondary mb-2">{card.city}</p>}
        {card.fictional && <FictionalLabel />}
      </div>
    </div>
  );
}
