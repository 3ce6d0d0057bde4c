import { discoveryCalls, type SwipeBody } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { discoveryKeys } from '../likes/api';
import { showMatch } from '../match-dialog/match-store';

/** GET /api/swipe-game.php: the next card and the likes left today. */
export const swipeStateQuery = queryOptions({
  queryKey: discoveryKeys.swipe,
  queryFn: ({ signal }) => call(discoveryCalls.swipeState, { signal }),
  staleTime: 0,
});

/** The swipe game: its state and the like/pass action, which answers the next state. */
export function useSwipeGame() {
  const client = useQueryClient();
  const state = useQuery(swipeStateQuery);
  const swipe = useMutation({
    mutationFn: (body: SwipeBody) => call(discoveryCalls.swipe, { body }),
    onSuccess: (result, body) => {
      const card = state.data?.card;
      if (result.match && card && card.id === body.profile) showMatch(card);
      client.setQueryData(discoveryKeys.swipe, { card: result.card, likes_left: result.likes_left, day: result.day });
      if (body.action === 'like') void client.invalidateQueries({ queryKey: discoveryKeys.likes });
    },
    onError: () => void client.invalidateQueries({ queryKey: discoveryKeys.swipe }),
  });
  return { state, swipe };
}
