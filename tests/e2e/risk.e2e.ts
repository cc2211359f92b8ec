import { expect, test } from '@playwright/test';

import { openCaseFromPalette, press, signIn, tabTo } from './support/vigil';

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

test('a part of the score opens, by keyboard, on exactly the events behind its count, each with its raw record', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'analyst');
  await openCaseFromPalette(page, DEMO_CASE);

  const parts = page
    .getByRole('region', { name: 'Risk score' })
    .getByRole('list', { name: 'Parts of the risk score' });
  await expect(parts).toBeVisible({ timeout: 45_000 });
  const open = parts.getByRole('button', { name: /^Security hygiene ×/ });
  // The part says what is behind it, and opening it must show exactly that many events.
  const named = /Open the (?:[\d,]+ incidents? and )?([\d,]+) events? behind it/.exec(
    (await open.textContent()) ?? '',
  );
  const count = Number(named?.[1]?.replace(/,/g, ''));
  expect(count).toBeGreaterThan(0);

  await tabTo(page, open, { max: 150 });
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog', { name: /^Security hygiene: [\d.]+ points$/ });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole('heading', { name: `${count} events behind this part` }),
  ).toBeVisible();
  const grid = dialog.getByRole('grid', { name: 'Events behind Security hygiene' });
  await expect(grid).toBeFocused();
  // The list holds exactly the events the part counted (the data rows, not the header).
  await expect(grid.getByRole('row')).toHaveCount(count + 1);
  await dialog.screenshot({ path: 'test-results/risk-part-dialog.png' });

  await press(page, 'j');
  await press(page, 'Enter');
  await expect(page.getByRole('dialog', { name: 'Event' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Back to the events/ })).toBeFocused();
  await page.screenshot({ path: 'test-results/risk-part-event.png' });
  await press(page, 'Escape');
  await expect(grid).toBeVisible();
  await press(page, 'Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});
