import type { MemberCard as MemberCardData } from '@app/contracts';
import { MemberCard } from './member-card';

/** Responsive grid of member cards: 2 per row on phones up to 4-5 on wide screens. */
export function MemberGrid({
  cards,
  linkPrefix,
  maxColumns = 5,
  headingLevel,
  eagerCount = 0,
}: {
  cards: MemberCardData[];
  linkPrefix?: string;
  maxColumns?: 4 | 5;
  /** Heading level of the cards' names (MemberCard): 3 when the grid is under an h2. */
  headingLevel?: 2 | 3;
  /** How many of the first cards are above the fold on a phone: their photos load at once, first (LCP). */
  eagerCount?: number;
}) {
  return (
    <ul
      className={`row row-cols-2 row-cols-md-3 row-cols-lg-4 row-cols-xl-${maxColumns} g-2 g-md-3 list-unstyled mb-0`}
    >
      {cards.map((card, index) => (
        <li key={card.id} className="col">
          <MemberCard card={card} linkPrefix={linkPrefix} headingLevel={headingLevel} isPriority={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
