import type { ZxcvbnResult } from '@zxcvbn-ts/core';

/** What the strength meter shows: score 0-4 and zxcvbn's feedback. */
export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  /** Translated when zxcvbn ships the language; otherwise a zxcvbn key (see isFeedbackKey). */
  warning: string;
  suggestions: string[];
  /** Whether warning and suggestions are zxcvbn keys rather than sentences. */
  isKeyed: boolean;
}

export type StrengthChecker = (password: string, userInputs?: string[]) => PasswordStrength;

/** zxcvbn language packs per interface language; nl uses the Flemish pack, the nearest one shipped. */
const PACKS: Record<string, () => Promise<{ dictionary: object; translations: object }>> = {
  nl: () => import('@zxcvbn-ts/language-nl-be'),
  en: () => import('@zxcvbn-ts/language-en'),
  de: () => import('@zxcvbn-ts/language-de'),
  fr: () => import('@zxcvbn-ts/language-fr'),
};

const checkers = new Map<string, Promise<StrengthChecker>>();

async function createChecker(language: string): Promise<StrengthChecker> {
  const [{ ZxcvbnFactory }, common, pack] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    PACKS[language]?.() ?? Promise.resolve(null),
  ]);
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...(pack?.dictionary ?? {}) },
    graphs: common.adjacencyGraphs,
    ...(pack ? { translations: pack.translations as never } : {}),
  });
  return (password, userInputs = []) => {
    const result: ZxcvbnResult = zxcvbn.check(password, userInputs);
    return {
      score: result.score,
      warning: result.feedback.warning ?? '',
      suggestions: result.feedback.suggestions,
      isKeyed: !pack,
    };
  };
}

/**
 * Loads zxcvbn-ts with the dictionaries and feedback texts of `language` (lazily, only on the signup and
 * password screens, so the entry bundle stays small). Cached per language.
 */
export function loadStrengthChecker(language: string): Promise<StrengthChecker> {
  const key = PACKS[language] ? language : 'other';
  let checker = checkers.get(key);
  if (!checker) {
    checker = createChecker(key);
    checkers.set(key, checker);
  }
  return checker;
}
