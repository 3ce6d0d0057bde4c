import { FREE_CONVERSATION_LIMIT, FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT, SWIPE_LIKES_PER_DAY } from '@app/contracts';
import { useTranslation } from 'react-i18next';

/** Premium's claim of SPEC.md 1: more chance of a match, in percent. */
const MATCH_CHANCE_PERCENT = 46;

/**
 * What premium gives compared with a free membership (SPEC.md 1, 5, 6, 9): photos 25 instead of 3,
 * every photo visible (private ones too), unlimited conversations instead of 2, unlimited swipe-game
 * likes instead of 4 a day, the Credits menu with repeat order, and 46% more chance of a match.
 */
export function PremiumBenefits() {
  const { t } = useTranslation('money');
  const rows = [
    { key: 'photos', free: String(FREE_PHOTO_LIMIT), premium: String(PREMIUM_PHOTO_LIMIT) },
    { key: 'privatePhotos', free: t('benefits.no'), premium: t('benefits.yes') },
    { key: 'conversations', free: String(FREE_CONVERSATION_LIMIT), premium: t('benefits.unlimited') },
    {
      key: 'swipeLikes',
      free: t('benefits.perDay', { count: SWIPE_LIKES_PER_DAY }),
      premium: t('benefits.unlimited'),
    },
    { key: 'repeatOrder', free: t('benefits.no'), premium: t('benefits.yes') },
  ] as const;
  return (
    <div className="premium-benefits">
      <p className="lead fw-semibold text-primary" data-testid="match-chance">
        {t('benefits.matchChance', { percent: MATCH_CHANCE_PERCENT })}
      </p>
      <table className="money-table mb-0">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('benefits.feature')}</span>
            </th>
            <th scope="col" className="text-center">
              {t('benefits.free')}
            </th>
            <th scope="col" className="text-center text-primary">
              {t('benefits.premium')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="fw-normal">
                {t(`benefits.rows.${row.key}`)}
              </th>
              <td className="text-center text-body-secondary px-1 px-sm-3">{row.free}</td>
              <td className="text-center fw-semibold text-nowrap px-1 px-sm-3">{row.premium}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
