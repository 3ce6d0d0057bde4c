// `npm run check`: every check of the project, each phase timed: type checks, lint (Biome), audit,
// build, unit and integration tests on PGlite, the same on PostgreSQL (when TEST_DATABASE_URL is
// set), end-to-end journeys. Prints one line per phase with its seconds, the ten slowest test files
// of each runner, and exits non-zero when any phase failed (every phase runs, so one CI run shows
// every failure). Phases of one stage run side by side; their output is printed when they end.
//   npm run check [-- --only typecheck,lint]   (phases by name)
// CHECK_STARTED_AT (epoch seconds, set by .ci/run before `npm ci`) adds the install's time to the
// table; CHECK_REPORT_DIR keeps the JSON reports and logs there (default: a new folder under the
// system's temp folder).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwrightRetries, slowestLines } from './slowest-tests.mjs';
import { pgliteEnv, postgresEnv, postgresPhase } from './test-phases.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reportDir = process.env.CHECK_REPORT_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'check-'));
mkdirSync(reportDir, { recursive: true });
const report = (name) => path.join(reportDir, name);

const onlyArg = process.argv.indexOf('--only');
const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1]?.split(',')) : undefined;
const postgresUrl = process.env.TEST_DATABASE_URL;
const split = postgresPhase(root);

/**
 * The phases, in stages: the phases of one stage run at the same time, stages one after the other.
 * `report`: a JSON test report whose slowest files are printed.
 */
const stages = [
  // Independent of each other: side by side (the audit mostly waits for the registry).
  [
    { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
    { name: 'lint', command: ['npm', 'run', 'lint'] },
    { name: 'audit', command: ['npm', 'run', 'audit'] },
    { name: 'build', command: ['npm', 'run', 'build'] },
  ],
  [
    {
      name: 'vitest (PGlite)',
      key: 'pglite',
      command: [
        bin('vitest'),
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report('vitest-pglite.json')}`,
        '-t',
        split.exclude,
      ],
      env: pgliteEnv(process.env),
      report: report('vitest-pglite.json'),
    },
  ],
  [
    {
      name: 'vitest (PostgreSQL)',
      key: 'postgres',
      skip: postgresUrl ? undefined : 'TEST_DATABASE_URL is not set',
      command: [
        bin('vitest'),
        'run',
        '--project',
        'server',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report('vitest-postgres.json')}`,
        '-t',
        split.pattern,
        ...split.files,
      ],
      env: postgresEnv(process.env),
      report: report('vitest-postgres.json'),
    },
  ],
  [
    {
      name: 'e2e (Playwright)',
      key: 'e2e',
      command: [bin('playwright'), 'test', '--reporter=list,json'],
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: report('playwright.json') },
      report: report('playwright.json'),
    },
  ],
];

const selected = (phase) => !only || only.has(phase.name) || only.has(phase.key ?? phase.name);

/** Runs one phase; with `quiet` its output goes to a log file that is printed when it ends. */
function run(phase, quiet) {
  return new Promise((resolve) => {
    const started = Date.now();
    const log = report(`${(phase.key ?? phase.name).replace(/\W+/g, '-')}.log`);
    const out = quiet ? createWriteStream(log) : undefined;
    const child = spawn(phase.command[0], phase.command.slice(1), {
      cwd: root,
      env: phase.env ?? process.env,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (out) {
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
    }
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const finish = () => {
        if (quiet) {
          console.log(`\n──── ${phase.name} (${seconds.toFixed(0)} s) ────`);
          process.stdout.write(readFileSync(log, 'utf8'));
        }
        resolve({ phase, seconds, ok: code === 0, code: code ?? signal });
      };
      if (out) out.end(finish);
      else finish();
    });
    child.on('error', (err) => {
      console.error(`${phase.name}: ${err.message}`);
    });
  });
}

const results = [];
const started = Date.now();
for (const stage of stages) {
  const phases = stage.filter(selected);
  for (const phase of phases.filter((p) => p.skip)) results.push({ phase, skipped: phase.skip });
  const running = phases.filter((p) => !p.skip);
  if (!running.length) continue;
  console.log(`\n════ ${running.map((p) => p.name).join(' + ')} ════`);
  results.push(...(await Promise.all(running.map((phase) => run(phase, running.length > 1)))));
}
const wall = (Date.now() - started) / 1000;

// The table.
const rows = [];
const install = started / 1000 - Number(process.env.CHECK_STARTED_AT);
if (Number.isFinite(install) && install > 0) rows.push(['install (npm ci)', install.toFixed(0), 'ok']);
for (const result of results) {
  if (result.skipped) rows.push([result.phase.name, '-', `skipped: ${result.skipped}`]);
  else rows.push([result.phase.name, result.seconds.toFixed(0), result.ok ? 'ok' : `FAILED (${result.code})`]);
}
rows.push(['check (wall clock)', wall.toFixed(0), '']);
if (Number.isFinite(install) && install > 0) rows.push(['install + check', (wall + install).toFixed(0), '']);

for (const result of results) {
  const file = result.phase.report;
  if (!file || result.skipped || !existsSync(file)) continue;
  console.log(`\nSlowest files of ${result.phase.name}:`);
  try {
    console.log(slowestLines(file, 10, root).join('\n'));
    if (result.phase.key === 'e2e') {
      const retried = playwrightRetries(file);
      console.log(retried.length ? `Retried journeys:\n  ${retried.join('\n  ')}` : 'Retried journeys: none');
    }
  } catch (err) {
    console.log(`  (report unreadable: ${err.message})`);
  }
}

const width = Math.max(...rows.map((row) => row[0].length));
console.log(`\nPhase${' '.repeat(width - 5)}  seconds  result`);
for (const [name, seconds, result] of rows) console.log(`${name.padEnd(width)}  ${seconds.padStart(7)}  ${result}`);
console.log(`Reports and logs: ${reportDir}`);
process.exit(results.some((r) => !r.skipped && !r.ok) ? 1 : 0);
