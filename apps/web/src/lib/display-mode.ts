/** Whether the page runs as an installed app (display-mode standalone). */
export function isInstalledApp(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(display-mode: standalone)').matches;
}

/** Whether the viewport is phone-sized (below Bootstrap's md breakpoint, 768 px). */
export function isPhone(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(max-width: 767.98px)').matches;
}
