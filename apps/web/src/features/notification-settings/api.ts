import { type NotificationSettings, type NotificationSettingsUpdate, notificationCalls } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';
import { forgetDisabledNotificationsDismissal } from '../push-alerts/dismissals';

/** Query key of the member's notification settings. */
export const notificationSettingsKey = ['notification-settings'] as const;

/** GET /api/notification-settings.php: mail and push per kind, mail language, invisible mode, mail state. */
export const notificationSettingsQuery = queryOptions({
  queryKey: notificationSettingsKey,
  queryFn: ({ signal }) => call(notificationCalls.notificationSettings, { signal }),
  staleTime: 0,
});

/**
 * PUT /api/notification-settings.php with one change; the answer (the new settings) replaces the
 * cached ones. Turning mail back on (`mail_enabled`) also reloads the user, whose
 * notifications_disabled the alerts read, and forgets the alert's dismissal.
 */
export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: NotificationSettingsUpdate) =>
      call(notificationCalls.updateNotificationSettings, { body: update }),
    onSuccess: (settings: NotificationSettings, update) => {
      client.setQueryData(notificationSettingsKey, settings);
      // A later bounce must show its alert again, even if this one was dismissed.
      if (update.mail_enabled) forgetDisabledNotificationsDismissal();
      if (update.mail_enabled) void client.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}
