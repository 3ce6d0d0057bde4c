import type { MemberCard as MemberCardData } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../session/use-settings';
import { FictionalLabel } from './fictional-label';
import { photoUrl } from './photo-url';
import { VerifiedBadge } from './verified-badge';

/**
 * Photo-first card of a member linking to the profile (SPEC.md 2: photo, name, age, city, fictional label).
 * The name is a heading one level below the section it is in: h2 under the page's h1 (default), h3 under an h2.
 */
export function MemberCard({
  card,
  linkPrefix = '/members',
  headingLevel = 2,
  isPriority = false,
}: {
  card: MemberCardData;
  linkPrefix?: string;
  headingLevel?: 2 | 3;
  /** The photo is in the first screenful: loaded at once and with high priority, not lazily. */
  isPriority?: boolean;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const settings = useSettings();
  const { t } = useTranslation();
  const src = photoUrl(settings.cdn_prefix, card.main_image?.match);
  return (
    <article className="card member-card h-100 shadow-sm" data-testid="member-card">
      <Link
        to={`${linkPrefix}/${card.id}`}
        className="stretched-link text-decoration-none"
        aria-label={t('members.openProfile', { name: card.name })}
      >
        <div className="member-card-photo ratio ratio-1x1">
          {src ? (
            <img
              src={src}
              alt={t('members.photoOf', { name: card.name })}
              loading={isPriority ? 'eager' : 'lazy'}
              fetchPriority={isPriority ? 'high' : 'auto'}
              decoding="async"
            />
          ) : (
            <div className="photo-placeholder" role="img" aria-label={t('members.noPhoto')}>
              <span aria-hidden="true">{card.name.slice(0, 1).toUpperCase()}</span>
            </div>
          )}
        </div>
      </Link>
      <div className="card-body p-2 p-sm-3">
        <Heading className="h6 card-title mb-1 text-truncate">
          {card.online && (
            <span className="online-dot me-1" title={t('members.online')} aria-label={t('members.online')} role="img" />
          )}
          {card.name}, <span className="fw-normal">{t('members.age', { age: card.age })}</span>
        </Heading>
        {card.verified && <VerifiedBadge className="mb-1" />}
        {card.city && <p className="card-text small text-body-secondary mb-1 text-truncate">{card.city}</p>}
        {card.fictional && <FictionalLabel />}
      </div>
    </article>
  );
}
