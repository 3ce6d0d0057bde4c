import { REFRESH_SECONDS } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { isPushSubscribed } from '../../lib/push';
import { likesQuery, unseenMatchesQuery } from '../likes/api';
import { useUser } from '../session/use-user';
import { showMatch, useCurrentMatch } from './match-store';

// The dialogs load when they open, so a member's first download holds neither (docs/client.md).
const MatchDialog = lazy(() => import('./match-dialog').then((module) => ({ default: module.MatchDialog })));
const LikeModal = lazy(() => import('./like-modal').then((module) => ({ default: module.LikeModal })));

/** Likes and unseen matches refresh with the user (SPEC.md 4: every 60 s, 300 s when push-subscribed). */
const refreshMs = () => (isPushSubscribed() ? REFRESH_SECONDS.pushSubscribed : REFRESH_SECONDS.normal) * 1000;

/**
 * Discovery parts of the default layout for members: keeps the new-likes badge fresh, opens the
 * match dialog for matches made by the other member (on the next page or refresh) and the like modal.
 */
export function DiscoveryHost() {
  const user = useUser();
  if (!user) return null;
  return <MemberDiscovery />;
}

function MemberDiscovery() {
  const { pathname } = useLocation();
  useQuery({ ...likesQuery, refetchInterval: refreshMs });
  const unseen = useQuery({ ...unseenMatchesQuery, refetchInterval: refreshMs, staleTime: 0 });
  const { refetch } = unseen;
  const hasMatch = useCurrentMatch() !== null;
  const isLikeAsked = useLikeModalAsked();

  // "On their next page": look again whenever the member navigates.
  useEffect(() => {
    void pathname;
    void refetch();
  }, [pathname, refetch]);

  useEffect(() => {
    for (const m of unseen.data?.matches ?? []) showMatch(m.profile);
  }, [unseen.data]);

  return (
    <Suspense fallback={null}>
      {hasMatch && <MatchDialog />}
      {isLikeAsked && <LikeModal />}
    </Suspense>
  );
}

/**
 * Whether the like modal was asked for (`?t=` in the URL, SPEC.md 2); it stays true, as the modal
 * takes the parameter out of the URL at once and then waits for its delay.
 */
function useLikeModalAsked(): boolean {
  const [params] = useSearchParams();
  const [isAsked, setAsked] = useState(false);
  const isInUrl = params.has('t');
  useEffect(() => {
    if (isInUrl) setAsked(true);
  }, [isInUrl]);
  return isAsked || isInUrl;
}
