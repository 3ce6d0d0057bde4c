import { REFRESH_SECONDS } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isPushSubscribed } from '../../lib/push';
import { likesQuery, unseenMatchesQuery } from '../likes/api';
import { useUser } from '../session/use-user';
import { LikeModal } from './like-modal';
import { MatchDialog } from './match-dialog';
import { showMatch } from './match-store';

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

  // "On their next page": look again whenever the member navigates.
  useEffect(() => {
    void pathname;
    void refetch();
  }, [pathname, refetch]);

  useEffect(() => {
    for (const m of unseen.data?.matches ?? []) showMatch(m.profile);
  }, [unseen.data]);

  return (
    <>
      <MatchDialog />
      <LikeModal />
    </>
  );
}
