import type { OptionsType, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { AppError } from '../../errors.js';

/** Lowest accepted zxcvbn score (0-4); 0 and 1 are guessable within about a million tries. */
const MIN_SCORE = 2;
/** Only this many characters are scored: longer passwords are strong anyway and scoring is superlinear. */
const SCORED_LENGTH = 100;

type Translations = NonNullable<OptionsType['translations']>;
let shared: Promise<{ Factory: typeof ZxcvbnFactory; base: OptionsType; translations: Record<string, Translations> }>;
const factories = new Map<string, ZxcvbnFactory>();

/** Loads the dictionaries once, on first use (they are a few MB; most requests never need them). */
function loadShared() {
  shared ??= (async () => {
    const [core, common, en, nl, de, fr] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-nl-be'),
      import('@zxcvbn-ts/language-de'),
      import('@zxcvbn-ts/language-fr'),
    ]);
    // Language packs share dictionary names (commonWords, wikipedia, ...): prefix them so none hides another.
    const prefixed = (lng: string, dict: Record<string, string[]>) =>
      Object.fromEntries(Object.entries(dict).map(([name, words]) => [`${lng}-${name}`, words]));
    const base: OptionsType = {
      graphs: common.adjacencyGraphs,
      dictionary: {
        ...common.dictionary,
        ...prefixed('en', en.dictionary),
        ...prefixed('nl', nl.dictionary),
        ...prefixed('de', de.dictionary),
        ...prefixed('fr', fr.dictionary),
      },
    };
    const translations = {
      en: en.translations,
      nl: nl.translations,
      de: de.translations,
      fr: fr.translations,
    } as unknown as Record<string, Translations>;
    return { Factory: core.ZxcvbnFactory, base, translations };
  })();
  return shared;
}

async function factoryFor(locale: string): Promise<ZxcvbnFactory> {
  const lng = ['nl', 'en', 'de', 'fr'].includes(locale) ? locale : 'nl';
  const found = factories.get(lng);
  if (found) return found;
  const { Factory, base, translations } = await loadShared();
  const created = new Factory({ ...base, translations: translations[lng] ?? translations.en! });
  factories.set(lng, created);
  return created;
}

/**
 * Refuses a guessable password (zxcvbn score below 2), judged against the member's own email and
 * name too. SPEC.md 5 leaves the strength rules open; docs/decisions/004-access.md explains these.
 * @throws AppError weak_password (400) with data { field: 'password', warning, suggestions } in `locale`
 */
export async function assertStrongPassword(password: string, userInputs: string[], locale: string): Promise<void> {
  const zxcvbn = await factoryFor(locale);
  const inputs = userInputs.flatMap((s) => [s, ...s.split(/[@.\s_-]+/)]).filter((s) => s.length >= 3);
  const result = zxcvbn.check(password.slice(0, SCORED_LENGTH), inputs);
  if (result.score >= MIN_SCORE) return;
  throw new AppError('weak_password', 400, {
    field: 'password',
    warning: result.feedback.warning ?? '',
    suggestions: result.feedback.suggestions,
  });
}
