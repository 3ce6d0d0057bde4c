import type { Settings } from '@app/contracts';

/** `#rrggbb` as "r, g, b" (Bootstrap's `--bs-*-rgb` variables). */
function rgbOf(hex: string): string {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ');
}

/** `#rrggbb` darkened by `share` (0 to 1) towards black, for hover and pressed states. */
function shade(hex: string, share: number): string {
  const channels = [1, 3, 5].map((i) => Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * (1 - share)));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Applies the site's own colours (settings.colors, set in the back office; SPEC.md 9 theme when
 * null) as CSS variables on the page root: Bootstrap's `--bs-primary`/`--bs-secondary` (text, links,
 * backgrounds) and `--site-primary*` for the buttons (styles/_app.scss). The back office lets only
 * colours with 4.5:1 contrast to white through, so white text on them stays readable.
 */
export function applySiteColors(colors: Settings['colors'] | undefined): void {
  const style = document.documentElement.style;
  for (const name of ['primary', 'secondary'] as const) {
    const value = colors?.[name];
    if (!value || !/^#[0-9a-f]{6}$/i.test(value)) continue;
    style.setProperty(`--bs-${name}`, value);
    style.setProperty(`--bs-${name}-rgb`, rgbOf(value));
    style.setProperty(`--site-${name}`, value);
    style.setProperty(`--site-${name}-dark`, shade(value, 0.15));
    if (name === 'primary') {
      // The installed app's title bar follows the page's theme-color, which overrides the manifest's.
      document.querySelector('meta[name="theme-color"]')?.setAttribute('content', value);
      style.setProperty('--bs-link-color', value);
      style.setProperty('--bs-link-color-rgb', rgbOf(value));
      style.setProperty('--bs-link-hover-color', shade(value, 0.2));
      style.setProperty('--bs-link-hover-color-rgb', rgbOf(shade(value, 0.2)));
    }
  }
}
