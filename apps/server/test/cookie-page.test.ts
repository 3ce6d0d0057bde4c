import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ALL_LOCALES,
  LOCALE_COOKIE,
  SEARCH_FILTER_COOKIE,
  SHOWN_ALERT_COOKIE,
  TRAFFIC_SOURCE_COOKIE,
} from '@app/contracts';
import { CONSENT_COOKIE } from '@app/public-site/consent';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config.js';
import { SESSION_COOKIE } from '../src/http/context.js';
import { readSource, sourceFiles } from './helpers/source-files.js';

/**
 * The cookies the code writes, by the expression it names them with, and the name the cookie page
 * gives (null: not a member's or a visitor's cookie, so not on the member site's cookie page).
 */
const WRITTEN: Record<string, string | null> = {
  SESSION_COOKIE,
  // The back office's own session, on the staff's browser only.
  STAFF_SESSION_COOKIE: null,
  LOCALE_COOKIE_NAME: LOCALE_COOKIE.name,
  'LOCALE_COOKIE.name': LOCALE_COOKIE.name,
  'SHOWN_ALERT_COOKIE.name': SHOWN_ALERT_COOKIE.name,
  'SEARCH_FILTER_COOKIE.name': SEARCH_FILTER_COOKIE.name,
  'TRAFFIC_SOURCE_COOKIE.name': TRAFFIC_SOURCE_COOKIE.name,
};

const SOURCE_DIRS = ['apps/server/src', 'apps/web/src', 'packages/public-site/src'];

describe('the cookie page', () => {
  it('knows every cookie the code writes (a new one is added to WRITTEN and to the page)', () => {
    const unknown: string[] = [];
    for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
      for (const match of readSource(file).matchAll(/\b(?:writeCookie|setCookie)\(\s*([^,()]+),/g)) {
        const expression = (match[1] ?? '').trim();
        if (expression.startsWith('name:')) continue; // writeCookie's own definition
        if (!(expression in WRITTEN)) unknown.push(`${file}: ${expression}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('names each of them, and the consent cookie, in every language', () => {
    const names = [...new Set([...Object.values(WRITTEN).filter((name) => name !== null), CONSENT_COOKIE])];
    for (const lng of ALL_LOCALES) {
      const page = readFileSync(path.join(ROOT_DIR, 'locales', lng, 'pages', 'cookies.md'), 'utf8');
      const missing = names.filter((name) => !page.includes(`| \`${name}\` |`));
      expect(missing, lng).toEqual([]);
    }
  });
});
