/**
 * The flags of `npm run site -- create` (cli/site.ts) read with zod into the body of a new site
 * (contracts AdminSiteCreateBody, the back office's POST /api/admin/sites.php), with the defaults of
 * a first site: every language, niche 1 (none), a new company named after the site.
 */
import { type AdminSiteCreateBody, ALL_LOCALES, LOCALE_INFO, type LocaleCode } from '@app/contracts';
import { z } from 'zod';

/** A refused flag: the flag as typed (`--domain`) and a catalogue key of admin-sites `issues` or a plain text. */
export interface FlagIssue {
  flag: string;
  message: string;
}

/** What the flags give: the body to validate and which company fields are placeholders, or the problems. */
export type SiteFlagsResult =
  | {
      ok: true;
      /** Not yet checked against AdminSiteCreateBodySchema (the caller does, with `flagOf` for its paths). */
      body: AdminSiteCreateBody;
      /** Company fields filled with a placeholder because no flag gave them (shown to the operator). */
      placeholders: string[];
      /** The flag of a path of the body's schema issues (`['company', 'kvk']` → `--kvk`). */
      flagOf: (path: readonly PropertyKey[]) => string;
    }
  | { ok: false; issues: FlagIssue[] };

/** The flags `create` knows, each at most once. */
const FlagsSchema = z
  .object({
    domain: z.string({ error: 'required' }),
    name: z.string({ error: 'required' }),
    language: z.string({ error: 'required' }),
    languages: z.string().optional(),
    niche: z.coerce.number({ error: 'niche_range' }).optional(),
    'public-url': z.string().optional(),
    'company-id': z.coerce
      .number({ error: 'company_unknown' })
      .int('company_unknown')
      .positive('company_unknown')
      .optional(),
    company: z.string().optional(),
    address: z.string().optional(),
    city: z.string().optional(),
    country: z.string().optional(),
    kvk: z.string().optional(),
    phone: z.string().optional(),
  })
  .strict();
type Flags = z.infer<typeof FlagsSchema>;

/** Body paths and the flag that sets them. */
const FLAG_OF_PATH: Record<string, string> = {
  domain: '--domain',
  name: '--name',
  domain_language: '--language',
  languages: '--languages',
  niche: '--niche',
  public_url: '--public-url',
  company_id: '--company-id',
  'company.name': '--company',
  'company.address': '--address',
  'company.city': '--city',
  'company.country': '--country',
  'company.kvk': '--kvk',
  'company.support_phone': '--phone',
};

/** Placeholders of company facts no flag gave: valid, and plainly not real (the legal pages show them). */
const PLACEHOLDER = {
  address: 'Address not set yet',
  city: 'City not set yet',
  kvk: '00000000',
  phone: '+00 000 000 00',
};

/** `nl` → `nl-NL` (LOCALE_INFO); a full tag such as `nl-BE` stays as typed. */
function languageTag(value: string): string {
  const code = value.trim();
  return (ALL_LOCALES as readonly string[]).includes(code) ? LOCALE_INFO[code as LocaleCode].iso : code;
}

/** `--name value` pairs of `args` as a record, or the issue of a flag without value or given twice. */
function pairs(args: string[]): { values: Record<string, string> } | { issue: FlagIssue } {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i] ?? '';
    const value = args[i + 1];
    if (!flag.startsWith('--')) return { issue: { flag, message: 'is not a flag (flags start with --)' } };
    if (value === undefined || value.startsWith('--')) return { issue: { flag, message: 'needs a value' } };
    if (flag.slice(2) in out) return { issue: { flag, message: 'is given twice' } };
    out[flag.slice(2)] = value;
  }
  return { values: out };
}

/** The company of the new site: an existing one by id, else a new one from the flags and placeholders. */
function company(flags: Flags, tag: string, today: string, placeholders: string[]): Partial<AdminSiteCreateBody> {
  if (flags['company-id'] !== undefined) return { company_id: flags['company-id'] };
  const given = (key: 'address' | 'city' | 'kvk' | 'phone') => {
    if (flags[key] !== undefined) return flags[key];
    placeholders.push(key);
    return PLACEHOLDER[key];
  };
  return {
    company: {
      name: flags.company ?? flags.name,
      address: given('address'),
      kvk: given('kvk'),
      city: given('city'),
      country: flags.country ?? tag.slice(3),
      tradenames: [],
      vat_numbers: [],
      support_phone: given('phone'),
      delete_discount: 0,
      added: today,
    },
  };
}

/**
 * Reads the flags of `create` (`today` as YYYY-MM-DD, the new company's `added`). Defaults: languages
 * all eleven (DECISIONS.md Languages), the domain language's own included; niche 1; no public_url
 * (links then use `https://<domain>`); a new company named after the site, its address, city,
 * KvK number and phone placeholders unless given. Unknown flags, a missing value and missing
 * --domain, --name or --language are issues.
 */
export function parseSiteFlags(args: string[], today: string): SiteFlagsResult {
  const read = pairs(args);
  if ('issue' in read) return { ok: false, issues: [read.issue] };
  const parsed = FlagsSchema.safeParse(read.values);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) =>
        issue.code === 'unrecognized_keys'
          ? { flag: issue.keys.map((k) => `--${k}`).join(', '), message: 'is not a flag of create' }
          : { flag: `--${String(issue.path[0])}`, message: issue.message },
      ),
    };
  }
  const flags = parsed.data;
  const tag = languageTag(flags.language);
  const languages = flags.languages
    ? flags.languages
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean)
    : [...ALL_LOCALES];
  const placeholders: string[] = [];
  const body = {
    domain: flags.domain,
    name: flags.name,
    languages,
    domain_language: tag,
    niche: flags.niche ?? 1,
    ...(flags['public-url'] ? { public_url: flags['public-url'] } : {}),
    ...company(flags, tag, today, placeholders),
  } as AdminSiteCreateBody;
  const flagOf = (path: readonly PropertyKey[]) => {
    const key = path.map(String).join('.');
    return FLAG_OF_PATH[key] ?? FLAG_OF_PATH[path.slice(0, 1).map(String).join('.')] ?? key;
  };
  return { ok: true, body, placeholders, flagOf };
}
