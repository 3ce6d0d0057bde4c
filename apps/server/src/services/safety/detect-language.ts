/**
 * The language of a message text, to try its word list too when the sender writes in another
 * language than their own and the site's (issue: safer conversations). eld's small n-gram data
 * (franc is wrong on short texts), limited to the eleven word-list languages; about 15 µs a message.
 */
import { eld } from 'eld/small';

/** eld's codes that differ from the word lists' (Norwegian Bokmål is `no` there). */
const FROM_ELD: Record<string, string> = { no: 'nb' };
/** Texts shorter than this are not guessed: too few n-grams to tell languages apart. */
const MIN_LENGTH = 12;

/**
 * A function answering the language (one of `languages`, word-list codes) `text` is most likely in,
 * or null when unsure (short or unreliable). Limits eld to `languages` (eld's one process-wide
 * subset: every detector of the process uses the same eleven).
 */
export function createLanguageDetector(languages: readonly string[]): (text: string) => string | null {
  eld.setLanguageSubset(languages.map((l) => (l === 'nb' ? 'no' : l)));
  return (text) => {
    if (text.length < MIN_LENGTH) return null;
    const result = eld.detect(text);
    if (!result.language || !result.isReliable()) return null;
    return FROM_ELD[result.language] ?? result.language;
  };
}
