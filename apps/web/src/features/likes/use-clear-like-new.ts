import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { discoveryKeys, likesQuery, markLikeSeen } from './api';

/**
 * Opening the profile of someone who liked the member clears that like's new flag (SPEC.md 4,
 * /likes/m/{id}), then reloads likes so the badge drops.
 */
export function useClearLikeNew(profileId: number, isLikedBy: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!isLikedBy) return;
    const likes = client.getQueryData(likesQuery.queryKey);
    const entry = likes?.liked_by.find((l) => l.id === profileId);
    if (likes && entry && !entry.like_new) return;
    void markLikeSeen(profileId)
      .then(() => client.invalidateQueries({ queryKey: discoveryKeys.likes }))
      .catch(() => undefined);
  }, [client, profileId, isLikedBy]);
}
