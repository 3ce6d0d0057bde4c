// The slowest test files of a Vitest or Playwright JSON report:
//   node scripts/slowest-tests.mjs <report.json> [count]
// Vitest (`--reporter=json --outputFile.json=…`): a file's time from its start to its end in the
// worker (its imports, hooks and tests). Playwright (`--reporter=json`, PLAYWRIGHT_JSON_OUTPUT_FILE):
// the sum of its tests' attempts (retries included), per project. Used by scripts/check.mjs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Per-file rows of a Vitest report: from the file's start to its end, and the tests that ran. */
function vitestRows(report, root) {
  return report.testResults.map((file) => {
    const tests = file.assertionResults ?? [];
    return {
      file: path.relative(root, file.name),
      seconds: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)) / 1000,
      tests: tests.filter((t) => t.status === 'passed' || t.status === 'failed').length,
    };
  });
}

function playwrightRows(report) {
  const rows = new Map();
  const visit = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const key = `${here} (${test.projectName})`;
        const row = rows.get(key) ?? { file: key, seconds: 0, tests: 0 };
        row.tests += 1;
        for (const result of test.results ?? []) row.seconds += (result.duration ?? 0) / 1000;
        rows.set(key, row);
      }
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file);
  return [...rows.values()];
}

/** Per-file rows `{ file, seconds, tests }` of a Vitest or Playwright JSON report, slowest first. */
export function fileTimes(reportPath, root = process.cwd()) {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const rows = Array.isArray(report.testResults) ? vitestRows(report, root) : playwrightRows(report);
  return rows.sort((a, b) => b.seconds - a.seconds);
}

/** Retried tests of a Playwright JSON report ("flaky": failed, then passed on a retry) as titles. */
export function playwrightRetries(reportPath) {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  const found = [];
  const visit = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if ((test.results ?? []).length > 1) {
          found.push(`${[...here, spec.title].join(' › ')} (${test.projectName}): ${test.status}`);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return found;
}

/** The `count` slowest files as printable lines. */
export function slowestLines(reportPath, count = 10, root = process.cwd()) {
  const rows = fileTimes(reportPath, root);
  const total = rows.reduce((sum, row) => sum + row.seconds, 0);
  const lines = rows
    .slice(0, count)
    .map((row) => `  ${row.seconds.toFixed(1).padStart(7)} s  ${String(row.tests).padStart(4)} tests  ${row.file}`);
  lines.push(`  ${total.toFixed(1).padStart(7)} s  in ${rows.length} files (sum of the files' times)`);
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [report, count] = process.argv.slice(2);
  if (!report) {
    console.error('usage: node scripts/slowest-tests.mjs <report.json> [count]');
    process.exit(2);
  }
  console.log(slowestLines(report, Number(count ?? 10)).join('\n'));
}
