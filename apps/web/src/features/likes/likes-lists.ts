import type { LikesResponse, LikeType, MemberCard } from '@app/contracts';

/** A card of the likes page with its new flag (received likes only). */
export interface LikeCard {
  card: MemberCard;
  isNew: boolean;
}

/** The cards of one tab of /likes/{type}, in the order of the answer (received: new first, then newest). */
export function likeCards(data: LikesResponse, type: LikeType): LikeCard[] {
  const byId = new Map(data.profiles.map((p) => [p.id, p]));
  const entries =
    type === 'received'
      ? data.liked_by.map((l) => ({ id: l.id, isNew: l.like_new }))
      : (type === 'given' ? data.likes : data.mutual).map((l) => ({ id: l.id, isNew: false }));
  return entries.flatMap(({ id, isNew }) => {
    const card = byId.get(id);
    return card ? [{ card, isNew }] : [];
  });
}

/** The tab of a /likes/{type} path parameter; unknown or missing types show received likes. */
export function likeTypeOf(param: string | undefined): LikeType {
  return param === 'given' || param === 'mutual' ? param : 'received';
}
