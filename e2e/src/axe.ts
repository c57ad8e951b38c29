import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string | null;
  targets: string[];
  /** axe's own words for the first node: which colours, which missing name… */
  summary: string;
}

/**
 * axe-core over the whole document; what a test must not accept: serious and critical findings,
 * and with `enhancedContrast` every finding of the 7:1 rule (`color-contrast-enhanced`, off by
 * default), which the high-contrast theme promises.
 */
export async function axeViolations(
  page: Page,
  { enhancedContrast = false }: { enhancedContrast?: boolean } = {},
): Promise<AxeFinding[]> {
  // Run by the test, not added as a <script>: the page's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (enhanced) => {
    interface Violation {
      id: string;
      impact: string | null;
      nodes: Array<{ target: string[]; failureSummary?: string }>;
    }
    const { axe } = window as unknown as {
      axe: { run(context: object, options: object): Promise<{ violations: Violation[] }> };
    };
    // Fluent's focus manager (tabster) places hidden focusable <i> guards that move focus on at once;
    // axe cannot know that and reports them as focusable hidden content.
    const result = await axe.run(
      { include: [document], exclude: [['[data-tabster-dummy]']] },
      { resultTypes: ['violations'], rules: { 'color-contrast-enhanced': { enabled: enhanced } } },
    );
    return result.violations
      .filter(
        (violation) =>
          violation.impact === 'serious' ||
          violation.impact === 'critical' ||
          violation.id === 'color-contrast-enhanced',
      )
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
        summary: violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 300) ?? '',
      }));
  }, enhancedContrast);
}
