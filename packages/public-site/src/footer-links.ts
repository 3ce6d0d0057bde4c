/**
 * The footer's links (SPEC.md 2 "Footer": terms, privacy, cookies, ban, pricing, complaints, return
 * policy, FAQ and support), one list for the member app's footer and the public pages' footer: path
 * and key in the common catalogue. Zod- and JSX-free, so both clients can import it.
 */
export const FOOTER_LINKS = [
  ['/pages/terms', 'footer.terms'],
  ['/pages/privacy', 'footer.privacy'],
  ['/pages/cookies', 'footer.cookies'],
  ['/pages/ban', 'footer.ban'],
  ['/pricing', 'footer.pricing'],
  ['/complaints', 'footer.complaints'],
  ['/pages/return-policy', 'footer.returnPolicy'],
  ['/pages/faq', 'footer.faq'],
  ['/pages/service', 'footer.support'],
] as const;

/** The links the installed app's footer keeps (SPEC.md 2 installed-app variant): terms, privacy, FAQ, support. */
export const INSTALLED_APP_FOOTER_LINKS: ReadonlySet<string> = new Set([
  '/pages/terms',
  '/pages/privacy',
  '/pages/faq',
  '/pages/service',
]);

/** The footer's "Cookie settings" link: the cookies page opens the consent settings at this fragment. */
export const COOKIE_SETTINGS_HREF = '/pages/cookies#cookie-settings';

/**
 * `text` split around its `<icon></icon>` tag (footer.fictionalNotice), so the caller puts the fictional
 * icon in between; `after` is null when the text has no tag.
 */
export function splitAtIcon(text: string): { before: string; after: string | null } {
  const [before = '', after] = text.split(/<icon\s*\/>|<icon><\/icon>/);
  return { before, after: after ?? null };
}
