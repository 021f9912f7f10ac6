/**
 * axe-core in a playwright page: evaluates its source in the page and reports the serious and
 * critical violations of what is on screen, each failing element with its selector, markup
 * and what is wrong, so a failing test says what to fix.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, run } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];
/** Failing elements listed per rule; the rest are counted. */
const NODES_SHOWN = 5;

/**
 * A violation the test knows of and cannot fix in the dashboard: one rule on one element,
 * the target exactly as axe prints it, with why it is tolerated.
 */
export interface KnownViolation {
  rule: string;
  target: string;
  reason: string;
}

type Violation = AxeResults['violations'][number];

/**
 * The serious and critical violations on the page as it is now, formatted; empty when none.
 * `known` filters out exact (rule, target) pairs, never a whole rule.
 */
export async function seriousViolations(
  page: Page,
  known: readonly KnownViolation[] = [],
): Promise<string[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  // Evaluated rather than added as a <script>: the server's CSP (script-src 'self') refuses
  // inline scripts, and evaluation through the DevTools protocol is not subject to it.
  if (!injected) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: typeof run } };
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations;
  });
  return violations
    .map((violation) => withoutKnown(violation, known))
    .filter((violation) => BLOCKING.includes(violation.impact ?? null) && violation.nodes.length)
    .map(describeViolation);
}

function withoutKnown(violation: Violation, known: readonly KnownViolation[]): Violation {
  const nodes = violation.nodes.filter(
    (node) =>
      !known.some((entry) => entry.rule === violation.id && entry.target === node.target.join(' ')),
  );
  return { ...violation, nodes };
}

function describeViolation(violation: Violation): string {
  const nodes = violation.nodes.slice(0, NODES_SHOWN).map((node) => {
    const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
    return `  - ${node.target.join(' ')}\n    ${node.html}\n    ${summary}`;
  });
  const more = violation.nodes.length - NODES_SHOWN;
  if (more > 0) nodes.push(`  - and ${more} more`);
  return `${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join('\n')}`;
}
