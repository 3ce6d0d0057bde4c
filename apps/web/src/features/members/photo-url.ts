/** Photo URL: the site's cdn_prefix plus a path of main_image or Photo (SPEC.md 3). */
export function photoUrl(cdnPrefix: string, path: string | null | undefined): string | null {
  if (!path) return null;
  return `${cdnPrefix}${path}`;
}
