import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, type ReportReason } from '@app/contracts';
import { ROOT_DIR } from '../../config.js';
import { formatDate } from '../../i18n.js';

type Labels = Partial<Record<string, string>>;
const cache = new Map<string, Labels>();

/** `reportReasons` of locales/<lng>/common.json (the member site's catalogue), read once. */
function labelsOf(lng: string): Labels {
  let found = cache.get(lng);
  if (!found) {
    try {
      const common = JSON.parse(readFileSync(path.join(ROOT_DIR, 'locales', lng, 'common.json'), 'utf8')) as {
        reportReasons?: Labels;
      };
      found = common.reportReasons ?? {};
    } catch {
      found = {};
    }
    cache.set(lng, found);
  }
  return found;
}

/**
 * A report reason (REPORT_REASONS) as the member reads it in their language, for the sanction mails'
 * {{reason}}: the same labels as the report dialog (locales/<lng>/common.json `reportReasons`), Dutch
 * when the language lacks one (SPEC.md 1: nl is the fallback). The server's `translate` reads flat
 * keys only, hence this reader of the nested catalogue.
 */
export function reasonLabel(lng: string, reason: ReportReason): string {
  return labelsOf(lng)[reason] ?? labelsOf(DEFAULT_LOCALE)[reason] ?? reason;
}

/** A moment in the member's language and time zone, e.g. "12 March 2026 at 14:05" (the suspension's end in mails). */
export function formatMemberTime(at: Date, lng: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };
  try {
    return formatDate(at, lng, { ...options, timeZone });
  } catch {
    return formatDate(at, lng, options);
  }
}
