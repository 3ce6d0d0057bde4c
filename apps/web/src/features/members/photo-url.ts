/**
 * Photo URL: the site's cdn_prefix plus a path of main_image or Photo (SPEC.md 3). A private photo's
 * sizes come as absolute paths of the private-photo call on the site's own origin
 * (`profileEditCalls.privatePhoto`), used as they are: private files are never under the public CDN prefix.
 */
export function photoUrl(cdnPrefix: string, path: string | null | undefined): string | null {
  if (!path) return null;
  return path.startsWith('/') ? path : `${cdnPrefix}${path}`;
}
