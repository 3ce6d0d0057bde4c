/**
 * The labelled corpus of the message signal detectors (apps/server/test/fixtures/safety-corpus.jsonl:
 * one `{ text, lang, kinds }` a line, `kinds` the kinds a message should get, empty when harmless)
 * and its scoring, shared by the unit test and `npm run bench:signals`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIGNAL_KINDS, type SignalDetector, type SignalKind } from '../../src/services/safety/detect-signals.js';

/** One labelled message. */
export interface CorpusMessage {
  text: string;
  lang: string;
  kinds: SignalKind[];
  /** `holdout`: written after the word lists were settled and never tuned against. */
  split?: 'holdout';
}

/** Found and missed per kind, counted per message (a kind found anywhere in it, or not). */
export interface KindScore {
  kind: SignalKind | 'any';
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** TP / (TP + FP); 1 when nothing was found. */
  precision: number;
  /** TP / (TP + FN); 1 when nothing was expected. */
  recall: number;
}

/** A message whose found kinds differ from its labels. */
export interface CorpusMiss {
  text: string;
  lang: string;
  expected: SignalKind[];
  found: SignalKind[];
}

export const CORPUS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/safety-corpus.jsonl');

/** Reads the corpus. */
export function readCorpus(file = CORPUS_FILE): CorpusMessage[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as CorpusMessage);
}

function score(kind: KindScore['kind'], tp: number, fp: number, fn: number): KindScore {
  return {
    kind,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
  };
}

/**
 * Scores `detector` on `corpus`: per kind, and `any` (the message has some signal or none: harmless
 * messages flagged are its false positives). Each message is detected with its own language as the
 * sender's (`languages: [lang]`) and the countries of that language.
 */
export function scoreCorpus(
  detector: SignalDetector,
  corpus: readonly CorpusMessage[],
): { scores: KindScore[]; misses: CorpusMiss[] } {
  const counts = new Map<KindScore['kind'], [number, number, number]>();
  const misses: CorpusMiss[] = [];
  for (const kind of [...SIGNAL_KINDS, 'any' as const]) counts.set(kind, [0, 0, 0]);
  for (const m of corpus) {
    const found = [
      ...new Set(detector.detect(m.text, { languages: [m.lang], countries: COUNTRIES[m.lang] }).map((s) => s.kind)),
    ].sort();
    const expected = [...new Set(m.kinds)].sort();
    if (found.join() !== expected.join()) misses.push({ text: m.text, lang: m.lang, expected, found });
    for (const kind of SIGNAL_KINDS) {
      const c = counts.get(kind) as [number, number, number];
      const isFound = found.includes(kind);
      const isExpected = expected.includes(kind);
      if (isFound && isExpected) c[0]++;
      else if (isFound) c[1]++;
      else if (isExpected) c[2]++;
    }
    const any = counts.get('any') as [number, number, number];
    if (found.length && expected.length) any[0]++;
    else if (found.length) any[1]++;
    else if (expected.length) any[2]++;
  }
  return { scores: [...counts].map(([kind, [tp, fp, fn]]) => score(kind, tp, fp, fn)), misses };
}

/** The countries of a site in each corpus language, as the chat would pass them. */
export const COUNTRIES: Record<string, string[]> = { en: ['GB', 'IE'], nl: ['NL', 'BE'], de: ['DE', 'AT', 'CH'] };
