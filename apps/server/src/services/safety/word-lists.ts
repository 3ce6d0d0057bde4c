/**
 * The word lists of the message signal detectors (issue: safer conversations; docs/safety-signals.md):
 * shipped JSON per language in apps/server/safety-words/<lng>.json plus the language-independent
 * messengers.json, merged with an operator's folder of the same files (SAFETY_WORDS_DIR). Read once
 * when the detectors are built, never per message.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_LOCALES } from '@app/contracts';
import { z } from 'zod';
import { ROOT_DIR } from '../../config.js';

/** The shipped word lists' folder. */
export const SHIPPED_WORDS_DIR = path.join(ROOT_DIR, 'apps/server/safety-words');

/** The environment variable naming an operator's extra word-list folder (wired by the server config). */
export const SAFETY_WORDS_DIR_ENV = 'SAFETY_WORDS_DIR';

/** The languages that have a word list: the member app's eleven. */
export const WORD_LIST_LANGUAGES: readonly string[] = ALL_LOCALES;

/** The kinds found by phrases of the word lists. */
export const PHRASE_KINDS = ['off_site', 'money', 'gift_card', 'crypto', 'bank'] as const;
export type PhraseKind = (typeof PHRASE_KINDS)[number];

const phrases = z.array(z.string().min(1)).default([]);

const languageFileSchema = z.object({
  off_site: phrases,
  money: phrases,
  gift_card: phrases,
  crypto: phrases,
  bank: phrases,
  app_context: z
    .object({ possessives: phrases, prepositions: phrases, me: phrases })
    .default({ possessives: [], prepositions: [], me: [] }),
});

const messengerFileSchema = z.object({
  always: phrases,
  in_context: phrases,
  social: phrases,
  hosts: phrases,
});

/** One language's phrases per kind and the words that make an ambiguous app name a signal. */
export type LanguageWords = z.infer<typeof languageFileSchema>;
/** Messaging and social apps' names and link hosts. */
export type MessengerWords = z.infer<typeof messengerFileSchema>;

/** Every list the detectors compile. */
export interface WordLists {
  languages: Record<string, LanguageWords>;
  messengers: MessengerWords;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`safety word list ${file}: ${(err as Error).message}`);
  }
}

function parse<T>(schema: z.ZodType<T>, file: string): T {
  const result = schema.safeParse(readJson(file));
  if (!result.success) throw new Error(`safety word list ${file}: ${z.prettifyError(result.error)}`);
  return result.data;
}

function concatLists<T extends Record<string, unknown>>(base: T, extra: T): T {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const prev = out[key];
    if (Array.isArray(value) && Array.isArray(prev)) out[key] = [...new Set([...prev, ...value])];
    else if (value && typeof value === 'object' && prev && typeof prev === 'object') {
      out[key] = concatLists(prev as Record<string, unknown>, value as Record<string, unknown>);
    } else if (prev === undefined) out[key] = value;
  }
  return out as T;
}

/**
 * Reads the shipped lists and, when given, an operator's folder whose `<lng>.json` and
 * `messengers.json` add entries to the shipped ones (same shape; every key optional). A language the
 * app does not ship may be added by the operator's folder.
 * @throws Error naming the file when a list is not valid JSON or not of the documented shape
 */
export function loadWordLists(extraWordsDir?: string, shippedDir = SHIPPED_WORDS_DIR): WordLists {
  const languages: Record<string, LanguageWords> = {};
  for (const lng of WORD_LIST_LANGUAGES) {
    languages[lng] = parse(languageFileSchema, path.join(shippedDir, `${lng}.json`));
  }
  let messengers = parse(messengerFileSchema, path.join(shippedDir, 'messengers.json'));
  if (!extraWordsDir) return { languages, messengers };
  if (!existsSync(extraWordsDir)) throw new Error(`safety word list folder ${extraWordsDir} does not exist`);
  for (const name of readdirSync(extraWordsDir).sort()) {
    if (!name.endsWith('.json')) continue;
    const file = path.join(extraWordsDir, name);
    if (name === 'messengers.json') {
      messengers = concatLists(messengers, parse(messengerFileSchema, file));
      continue;
    }
    const lng = name.slice(0, -'.json'.length);
    const extra = parse(languageFileSchema, file);
    languages[lng] = languages[lng] ? concatLists(languages[lng], extra) : extra;
  }
  return { languages, messengers };
}
