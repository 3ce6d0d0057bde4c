import type { ProfileUpdate } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-client';
import { accessApi } from '../account/access-api';

/** PUT /api/profile.php with the fields of one signup step; the user is reloaded afterwards. */
export function useSaveProfile(onSaved: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => accessApi.updateProfile(update),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.user });
      onSaved();
    },
  });
}
