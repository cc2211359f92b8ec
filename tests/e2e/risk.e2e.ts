import { expect, test } from '@playwright/test';

import { openCaseFromPalette, press, signIn } from './support/vigil';

/** The demo organization's case about security tools (src/server/demo/demo-data.ts). */
const DEMO_CASE = 'Security tools disabled through PowerShell';

test('the risk panel explains the score and leads from a part to the incident behind it, by keyboard', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'analyst');
  await openCaseFromPalette(page, DEMO_CASE);

  const panel = page.getByRole('region', { name: 'Risk score' });
  const parts = panel.getByRole('list', { name: 'Parts of the risk score' });
  await expect(parts).toBeVisible({ timeout: 45_000 });
  // The level comes from the evidence: nobody set this demo case's level by hand.
  await expect(panel).toContainText(/from the score; nobody set it by hand/);
  await expect(panel).not.toContainText('Set by hand');
  const hygiene = parts.getByRole('listitem', { name: 'Security hygiene' });
  await expect(hygiene).toContainText('Security tools tampered with');
  await expect(hygiene.getByRole('link', { name: /events? on Security hygiene/ })).toBeVisible();

  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: 'test-results/risk-panel.png' });
  await page.screenshot({ path: 'test-results/risk-panel-page.png' });

  // Tab along the page until the first incident the Incidents part names has the focus.
  const incidents = parts.getByRole('listitem', { name: 'Incidents' });
  const first = incidents.getByRole('link').first();
  const title = (await first.textContent()) ?? '';
  expect(title.length).toBeGreaterThan(0);
  for (let i = 0; i < 120; i++) {
    if (await first.evaluate((link) => link === document.activeElement)) break;
    await press(page, 'Tab');
  }
  await expect(first).toBeFocused();
  await press(page, 'Enter');
  await expect(page).toHaveURL(/\/incidents\/[^/]+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
