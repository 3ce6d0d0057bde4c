/**
 * `npm run bench:signals`: the message signal detectors on the labelled corpus
 * (apps/server/test/fixtures/safety-corpus.jsonl; docs/safety-signals.md). Prints precision and
 * recall per kind and overall, for the whole corpus and its held-out part, the messages whose found
 * kinds differ from their labels, and the time `detect` takes per message (p50/p99 over
 * BENCH_ROUNDS rounds of the corpus, 200 by default, after one warm-up round) as wall time and as
 * the process's CPU time (which a busy shared machine does not inflate), plus the time to build the
 * detectors.
 */
import { performance } from 'node:perf_hooks';
import { createSignalDetector } from '../src/services/safety/detect-signals.js';
import { COUNTRIES, type KindScore, readCorpus, scoreCorpus } from '../test/helpers/signal-corpus.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

function table(title: string, scores: readonly KindScore[]): void {
  console.log(`\n${title}`);
  console.log('kind        TP   FP   FN  precision  recall');
  for (const s of scores) {
    console.log(
      `${s.kind.padEnd(10)} ${String(s.truePositives).padStart(4)} ${String(s.falsePositives).padStart(4)} ${String(s.falseNegatives).padStart(4)}  ${s.precision.toFixed(3).padStart(9)}  ${s.recall.toFixed(3).padStart(6)}`,
    );
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const buildStarted = performance.now();
const detector = createSignalDetector();
const buildMs = performance.now() - buildStarted;
const corpus = readCorpus();
const holdout = corpus.filter((m) => m.split === 'holdout');

const all = scoreCorpus(detector, corpus);
table(`All ${corpus.length} messages (${corpus.filter((m) => m.kinds.length === 0).length} harmless)`, all.scores);
table(`Held out: ${holdout.length} messages written after the word lists`, scoreCorpus(detector, holdout).scores);
console.log(`\nDiffering from the labels (${all.misses.length}):`);
for (const m of all.misses)
  console.log(
    `  [${m.lang}] ${JSON.stringify(m.text)}: expected ${m.expected.join(',') || '-'}, found ${m.found.join(',') || '-'}`,
  );

const run = (opts: (lang: string) => Parameters<typeof detector.detect>[1]) => {
  for (const m of corpus) detector.detect(m.text, opts(m.lang));
  const times: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const m of corpus) {
      const o = opts(m.lang);
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      detector.detect(m.text, o);
      times.push((performance.now() - t0) * 1000);
      const c = process.cpuUsage(c0);
      cpu.push(c.user + c.system);
    }
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return (
    `wall p50 ${percentile(times, 50).toFixed(1)} µs, p99 ${percentile(times, 99).toFixed(1)} µs, mean ${mean.toFixed(1)} µs; ` +
    `CPU p50 ${percentile(cpu, 50)} µs, p99 ${percentile(cpu, 99)} µs (${times.length.toLocaleString('en')} calls)`
  );
};
console.log(`\nBuilding the detectors: ${buildMs.toFixed(0)} ms`);
console.log(
  `detect with the sender's language and the site's countries: ${run((lang) => ({ languages: [lang], countries: COUNTRIES[lang] }))}`,
);
console.log(`detect with all eleven word lists, default countries:      ${run(() => undefined)}`);
