import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** The WCAG 2.1 A and AA rules of axe-core (best-practice rules are left out). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
/** Time added to the running test per scan. */
const SCAN_BUDGET_MS = 30_000;

/** Waits until finite CSS animations and transitions (fades, slides) ended, so colours are read at rest. */
async function settle(page: Page): Promise<void> {
  // The screen has rendered: no boot splash, no route still loading.
  await expect(page.locator('.boot-splash, .route-progress-running')).toHaveCount(0);
  await page.evaluate(async () => {
    const running = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.race([
      Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
}

/**
 * Runs axe-core on the rendered page and fails on any WCAG 2.1 A/AA violation of impact serious or
 * critical, listing each rule with its impact and the selectors of the offending elements.
 * `label` names the screen in the message. With A11Y_LOG=<file> the violations are appended to that
 * file as JSON lines and the check does not fail (for surveys of the whole suite).
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // A scan takes seconds on a busy machine: it brings its own time instead of eating the test's.
  test.info().setTimeout(test.info().timeout + SCAN_BUDGET_MS);
  await settle(page);
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  const report = blocking
    .map((violation) => {
      const targets = violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
        return `    ${node.target.join(' >> ')}${summary ? `\n      ${summary}` : ''}`;
      });
      return `  ${violation.id} (${violation.impact}): ${violation.help} [${violation.nodes.length}]\n${targets.join('\n')}`;
    })
    .join('\n');
  const log = process.env.A11Y_LOG;
  if (log) {
    const line = {
      label,
      url: page.url(),
      test: test.info().titlePath.join(' > '),
      project: test.info().project.name,
      violations: results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        targets: violation.nodes.map((node) => ({
          target: node.target.join(' >> '),
          html: node.html.slice(0, 200),
          summary: node.failureSummary,
        })),
      })),
    };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
    return;
  }
  expect(
    blocking.map((violation) => violation.id),
    `accessibility violations (serious or critical) on ${label} (${page.url()}):\n${report}`,
  ).toEqual([]);
}
