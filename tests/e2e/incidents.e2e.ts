import { expect, test } from '@playwright/test';

import { press, signIn } from './support/vigil';

/** The demo organization's case about a departing employee (src/server/demo/demo-data.ts). */
const DEMO_CASE = 'Departing employee: files to USB and personal mail';

test('palette → matrix technique → its incidents → a timeline event → its raw record, by keyboard', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'analyst');
  await press(page, 'Control+k');
  await page.keyboard.type(`#${DEMO_CASE}`);
  await expect(page.getByRole('option', { name: new RegExp(DEMO_CASE) }).first()).toBeVisible();
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: DEMO_CASE })).toBeVisible();

  // The matrix: the first observed technique takes the focus once the analysis has run.
  await press(page, 'g m');
  const usb = page.getByRole('button', { name: /^T1052\.001 Exfiltration over USB: 1 incident/ });
  await expect(usb).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.attack-cell.is-observed:focus')).toHaveCount(1);
  // Walk there with the arrow keys: across the tactics, then along the column.
  const [column, row] = ((await usb.getAttribute('data-cell')) ?? '0:0').split(':').map(Number);
  for (let i = 0; i < 40; i++) {
    const at = await page.evaluate(() => document.activeElement?.getAttribute('data-cell') ?? '');
    const [c, r] = at.split(':').map(Number);
    if (c === column && r === row) break;
    await press(
      page,
      c! < column!
        ? 'ArrowRight'
        : c! > column!
          ? 'ArrowLeft'
          : r! < row!
            ? 'ArrowDown'
            : 'ArrowUp',
    );
  }
  await expect(usb).toBeFocused();
  await press(page, 'Enter');
  await expect(page).toHaveURL(/\/incidents\?technique=T1052\.001$/);

  // The incident list for that technique: open the row with o.
  const grid = page.getByRole('grid', { name: 'Incidents' });
  await expect(grid.getByRole('row', { name: /copied to removable media/ })).toBeVisible();
  // Arriving on the list gave its grid the keys: o opens the row under the cursor.
  await expect(grid).toBeFocused();
  await press(page, 'o');
  await expect(page.getByRole('heading', { name: /copied to removable media/ })).toBeVisible();

  // The timeline: l moves the cursor, space shows the raw record of the event under it.
  const timeline = page.getByRole('listbox', { name: /Incident timeline events/ });
  await expect(timeline).toBeVisible();
  await press(page, 'l l');
  await expect(page.getByText(/event 3 of \d+/)).toBeVisible();
  await press(page, 'Space');
  await expect(page.getByLabel('Raw record', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Raw record', { exact: true })).toContainText('"');
});

test('the Insider Threat Matrix beside ATT&CK: removable media among the means, Tab and Enter open its incident', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'analyst');
  await press(page, 'Control+k');
  await page.keyboard.type(`#${DEMO_CASE}`);
  await expect(page.getByRole('option', { name: new RegExp(DEMO_CASE) }).first()).toBeVisible();
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: DEMO_CASE })).toBeVisible();
  await press(page, 'g m');
  const panel = page.getByRole('region', { name: 'Insider Threat Matrix' });
  const means = panel.locator('.itm-theme', { hasText: 'Means' });
  await expect(means.getByText('ME005')).toBeVisible({ timeout: 30_000 });
  const link = means.locator('.itm-section', { hasText: 'ME005' }).getByRole('link').first();
  const title = (await link.textContent()) ?? '';
  // From the matrix, Tab walks on to the panel's links.
  for (let i = 0; i < 60; i++) {
    if (await link.evaluate((node) => node === document.activeElement)) break;
    await press(page, 'Tab');
  }
  await expect(link).toBeFocused();
  await page.screenshot({ path: 'test-results/insider-threat-matrix.png', fullPage: true });
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
