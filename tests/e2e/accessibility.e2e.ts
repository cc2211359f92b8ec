import axe from 'axe-core';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

import { buildPath, routeIds, routes } from '../../src/shared/routes';
import type { RouteId, RouteParams } from '../../src/shared/routes';
import { adminApi, signIn } from './support/vigil';

/** The demo case whose evidence pages have something on every page. */
const DEPARTING = 'Departing employee: files to USB and personal mail';

/** The rule sets the issue names: WCAG 2.0 and 2.1 A and AA, and axe's best practices. */
const RULE_SETS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** One failing rule on one screen, with the nodes it names (enough to find them in the DOM). */
interface Finding {
  readonly screen: string;
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  readonly nodes: readonly string[];
}

/** The parameters every route of the table may need, read from the demo data through the API. */
async function routeParameters(request: APIRequestContext) {
  const api = await adminApi(request);
  const list = (await (await api.get('/investigations?limit=500')).json()) as {
    investigations: Array<{ id: string; title: string }>;
  };
  const id = list.investigations.find((item) => item.title === DEPARTING)?.id;
  expect(id, `the demo case "${DEPARTING}"`).toBeDefined();
  const incidents = (await (await api.get(`/investigations/${id}/incidents`)).json()) as {
    incidents: Array<{ id: string }>;
  };
  const incidentId = incidents.incidents[0]?.id;
  expect(incidentId, 'an incident of the demo case').toBeDefined();
  const integrations = (await (await api.get('/integrations')).json()) as {
    integrations: Array<{ id: string }>;
  };
  let integrationId = integrations.integrations[0]?.id;
  if (!integrationId) {
    const created = await api.post('/integrations', {
      name: `Axe source ${Date.now()}`,
      kind: 'okta',
    });
    expect(created.ok(), await created.text()).toBe(true);
    integrationId = ((await created.json()) as { integration: { id: string } }).integration.id;
  }
  // Detection raises the demo's alerts in the background after the server starts.
  let alertId: string | undefined;
  await expect
    .poll(
      async () => {
        const reply = await api.get('/alerts?limit=1');
        alertId = reply.ok()
          ? ((await reply.json()) as { alerts: Array<{ id: string }> }).alerts[0]?.id
          : undefined;
        return alertId;
      },
      { message: 'an alert of the demo data', timeout: 90_000, intervals: [1000] },
    )
    .toBeDefined();
  return { id: id!, incidentId: incidentId!, integrationId, alertId: alertId! };
}

/**
 * Waits until the screen has stopped loading: requests quiet for a moment (a screen that keeps
 * asking, as the sign-in callback retrying its session does, is given 5 s) and no loading line.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, {
    timeout: 15_000,
  });
  // Charts and virtual rows draw on the next frames; let them finish.
  await page.waitForTimeout(300);
}

/** Runs axe over the whole document and returns its serious and critical violations. */
async function seriousViolations(page: Page, screen: string): Promise<Finding[]> {
  // The app's Content Security Policy refuses inline scripts (addScriptTag), so axe's source
  // is evaluated through the debugging protocol, which the policy does not cover.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async (runOnly) =>
      (
        await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly })
      ).violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        nodes: violation.nodes.map((node) =>
          `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.slice(0, 400),
        ),
      })),
    RULE_SETS,
  );
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ screen, ...violation }));
}

/** A readable list of what failed: each rule on each screen, with the nodes it names. */
function report(theme: string, findings: readonly Finding[]): string {
  const lines = findings.map(
    (finding) =>
      `[${theme}] ${finding.screen}: ${finding.rule} (${finding.impact}) ${finding.help}\n` +
      finding.nodes.map((node) => `    ${node}`).join('\n'),
  );
  return lines.join('\n');
}

const publicRoutes = routeIds.filter((routeId) => !routes[routeId].path.startsWith('/app'));
const workspaceRoutes = routeIds.filter((routeId) => routes[routeId].path.startsWith('/app'));

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds nothing serious or critical on any route of the table, ${theme} theme`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await page.addInitScript((value) => localStorage.setItem('ui-theme', value), theme);
    // Setup calls the API from its own context, so the public screens are seen signed out.
    const params = await routeParameters(request);
    const findings: Finding[] = [];
    const scan = async (routeId: RouteId) => {
      const path = buildPath(routeId, params as unknown as RouteParams<typeof routeId>);
      await test.step(`${routeId} ${path}`, async () => {
        await page.goto(path);
        await settle(page);
        await expect(page.locator('html')).toHaveClass(theme);
        findings.push(...(await seriousViolations(page, `${routeId} (${path})`)));
      });
    };

    for (const routeId of publicRoutes) await scan(routeId);
    await signIn(page, 'admin');
    for (const routeId of workspaceRoutes) await scan(routeId);
    // A dialog, opened by keys as a user would: the route scan opens none.
    await test.step('dialog: New investigation', async () => {
      await page.goto(buildPath('investigations', {}));
      await settle(page);
      await page.keyboard.press('c');
      await expect(page.getByRole('dialog', { name: 'New investigation' })).toBeVisible();
      findings.push(...(await seriousViolations(page, 'dialog: New investigation')));
      await page.keyboard.press('Escape');
    });

    // The message lists every failing rule with its nodes, so a failed run says what to fix.
    const kinds = new Set(findings.map((finding) => finding.rule));
    expect(
      findings.map((finding) => `${finding.screen}: ${finding.rule} × ${finding.nodes.length}`),
      `${kinds.size} kinds of serious or critical violation:\n${report(theme, findings)}`,
    ).toEqual([]);
  });
}
