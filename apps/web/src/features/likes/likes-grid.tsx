import { useTranslation } from 'react-i18next';
import { MemberCard } from '../members/member-card';
import type { LikeCard } from './likes-lists';

/** Cards of one likes tab; new received likes carry a "new" badge. Cards open /likes/m/{id}. */
export function LikesGrid({ items }: { items: LikeCard[] }) {
  const { t } = useTranslation('discovery');
  return (
    <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 row-cols-xl-5 g-2 g-md-3 list-unstyled mb-0">
      {items.map(({ card, isNew }) => (
        <li key={card.id} className="col position-relative" data-testid="like-item" data-new={isNew || undefined}>
          {isNew && (
            <span className="badge text-bg-danger position-absolute top-0 start-0 m-2 z-3 shadow-sm">
              {t('likes.new')}
            </span>
          )}
          <MemberCard card={card} linkPrefix="/likes/m" />
        </li>
      ))}
    </ul>
  );
}
