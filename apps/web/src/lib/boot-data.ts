import type { Settings, User } from '@app/contracts';

/** The first answers the server put in the page (apps/server/src/http/app-page.ts). */
export interface BootData {
  /** The language the page opens in (decision 018), the language of `settings`' texts. */
  lang: string;
  /** What `GET /api/settings.php?lang=<lang>` answers. */
  settings: Settings;
  /** What `GET /api/user.php` answers; null for a visitor. */
  user: User | null;
}

/**
 * Reads and removes the page's boot data block (`<script id="boot-data" type="application/json">`),
 * once: main.tsx puts its answers in the query cache, so the app starts without asking for the
 * settings and the member first (docs/client.md, first load). Null when the page has none (a page
 * from the service worker or an older server) or it cannot be read; the app then asks as before.
 */
export function takeBootData(doc: Document = document): BootData | null {
  const element = doc.getElementById('boot-data');
  if (!element) return null;
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    if (typeof data !== 'object' || data === null) return null;
    const { lang, settings, user } = data as Partial<BootData>;
    if (typeof lang !== 'string' || typeof settings !== 'object' || settings === null) return null;
    return { lang, settings, user: user ?? null };
  } catch {
    return null;
  }
}
