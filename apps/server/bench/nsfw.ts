/**
 * `npm run bench:nsfw` (issue: explicit photos): loads the explicit-photo model once, scores every
 * shipped harmless photo and drawing of test/fixtures/harmless-photos, and prints the load time, the
 * time per photo (median and max of the scoring after the first), the process's memory with the
 * model loaded (RSS) and the false alarms per 100 at the default threshold. Then it scores the set
 * again with the model in this process and with the server's scorer (the model on a thread of its
 * own) while a timer measures how long the main thread's event loop was held up: what a request
 * arriving during a photo's scoring waits. Results: docs/benchmarks.md.
 */
import { readdir, readFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createNsfwScorer, type PhotoScorer } from '../src/nsfw/nsfw-model.js';
import { createThreadedScorer } from '../src/nsfw/threaded-scorer.js';
import { DEFAULT_EXPLICIT_THRESHOLD, explicitScore, isAboveThreshold } from '../src/services/photos/explicit-rules.js';

/**
 * Scores every file with `scorer` (its model loaded already) while the event loop's delay is sampled
 * every 10 ms; answers the delay's p99 and max in ms.
 */
async function eventLoopDelay(scorer: PhotoScorer, images: Buffer[]): Promise<{ p99: number; max: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  for (const data of images) await scorer.score(data);
  histogram.disable();
  return { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 };
}

async function main(): Promise<void> {
  const dir = new URL('../test/fixtures/harmless-photos/', import.meta.url).pathname;
  const files = (await readdir(dir)).filter((f) => f.endsWith('.jpg')).sort();
  const rssBefore = process.memoryUsage().rss;
  const scorer = createNsfwScorer();
  const loadStart = performance.now();
  const first = files[0];
  if (!first) throw new Error('no shipped photos');
  await scorer.score(await readFile(dir + first));
  const loadMs = performance.now() - loadStart;
  const times: number[] = [];
  let alarms = 0;
  for (const file of files) {
    const data = await readFile(dir + file);
    const start = performance.now();
    const scores = await scorer.score(data);
    times.push(performance.now() - start);
    const score = explicitScore(scores);
    const alarm = isAboveThreshold(score, DEFAULT_EXPLICIT_THRESHOLD);
    if (alarm) alarms++;
    console.log(
      `${file.padEnd(24)} explicit ${score.toFixed(3)}  porn ${scores.porn.toFixed(3)} hentai ${scores.hentai.toFixed(3)} sexy ${scores.sexy.toFixed(3)} drawing ${scores.drawing.toFixed(3)} neutral ${scores.neutral.toFixed(3)}${alarm ? '  ALARM' : ''}`,
    );
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const rss = process.memoryUsage().rss;
  console.log(`model load + first photo: ${loadMs.toFixed(0)} ms`);
  console.log(
    `per photo (decode + score), ${times.length} photos: median ${median.toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms`,
  );
  console.log(
    `memory: RSS ${(rss / 2 ** 20).toFixed(0)} MiB with the model loaded (+${((rss - rssBefore) / 2 ** 20).toFixed(0)} MiB)`,
  );
  console.log(
    `false alarms at threshold ${DEFAULT_EXPLICIT_THRESHOLD}: ${alarms} of ${files.length} (${((alarms / files.length) * 100).toFixed(1)} per 100)`,
  );

  const images = await Promise.all(files.map((f) => readFile(dir + f)));
  const threaded = createThreadedScorer();
  await threaded.score(images[0] ?? Buffer.alloc(0));
  for (const [label, each] of [
    ['model in the main thread', scorer],
    ["model on its own thread (the server's)", threaded],
  ] as const) {
    const delay = await eventLoopDelay(each, images);
    console.log(
      `event loop held up while scoring ${images.length} photos, ${label}: p99 ${delay.p99.toFixed(1)} ms, max ${delay.max.toFixed(1)} ms`,
    );
  }
  await threaded.close();
}

await main();
