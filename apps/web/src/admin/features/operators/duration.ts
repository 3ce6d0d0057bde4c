import type { TFunction } from 'i18next';

/** Seconds as a short duration in the back office's language ("45 s", "12 min", "3 h 5 min", "2 d 4 h"). */
export function formatDuration(t: TFunction, seconds: number | null | undefined): string {
  if (seconds == null) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return t('duration.seconds', { count: s });
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return t('duration.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('duration.hours', { hours, minutes: minutes % 60 });
  return t('duration.days', { days: Math.floor(hours / 24), hours: hours % 24 });
}
