import type { MatchProposal } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { MemberCard } from '../members/member-card';

/** Ranked proposals of the match finder: the card, the score and why (shared interests, distance). */
export function ProposalGrid({ results }: { results: MatchProposal[] }) {
  const { t } = useTranslation('discovery');
  return (
    <ol className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-2 g-md-3 list-unstyled mb-0">
      {results.map((r) => (
        <li key={r.profile.id} className="col d-flex flex-column" data-testid="proposal">
          <MemberCard card={r.profile} headingLevel={3} />
          <div className="small mt-1 px-1">
            <span className="badge text-bg-primary me-1">{t('finder.score', { score: r.score })}</span>
            {r.distance_km !== null && (
              <span className="text-body-secondary">{t('finder.km', { km: r.distance_km })}</span>
            )}
            {r.shared_interests.length > 0 && (
              <div className="text-body-secondary text-truncate">
                {t('finder.shared', {
                  interests: r.shared_interests.map((i) => t(`common:interests.${i}`, { defaultValue: i })).join(', '),
                })}
              </div>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
