import { expect, test } from '@playwright/test';

import { press, signIn, tabTo } from './support/vigil';

test.use({ viewport: { width: 1440, height: 1000 } });

const SHOTS = process.env.VIGIL_SHOTS_DIR;

test('a hunt by keys: query, narrow by a bar, pivot on a file name, save it and see its rule', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await press(page, 'g h');
  await expect(page.getByRole('heading', { name: 'Hunt', exact: true })).toBeVisible();

  // `/` focuses the query; Enter runs it over the last 30 days of the demo organization.
  await press(page, '/');
  const query = page.getByRole('textbox', { name: 'Hunt query' });
  await expect(query).toBeFocused();
  await page.keyboard.type('file.destination:usb');
  await press(page, 'Enter');
  await expect(page).toHaveURL(/q=file.destination%3Ausb/);
  const grid = page.getByRole('grid', { name: 'Hunt results' });
  await expect(grid.getByRole('row').nth(1)).toContainText('usb');
  await expect(page.getByText(/· [\d,]+ events/)).toBeVisible();

  // The histogram's bars take the keys: the second bar with events, Enter narrows the time.
  const bars = page.getByRole('toolbar', { name: 'Events over time' });
  await tabTo(page, bars.getByRole('button').first());
  await press(page, 'ArrowRight');
  await expect(bars.getByRole('button').nth(1)).toBeFocused();
  await press(page, 'Enter');
  await expect(page).toHaveURL(/from=\d+&to=\d+/);
  await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveValue('range');
  // The grid shows the narrowed page before a row is opened from it.
  await page.waitForLoadState('networkidle');

  // A row opens with its raw record; its file name pivots the hunt.
  await tabTo(page, grid);
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('region', { name: 'Raw record' }).or(dialog.getByLabel('Raw record')),
  ).toBeVisible();
  const fileName = (await dialog
    .locator('.hunt-pivots tr')
    .first()
    .locator('td')
    .first()
    .textContent())!;
  await tabTo(page, dialog.getByRole('button', { name: 'Search file name' }));
  await press(page, 'Enter');
  const escaped = fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(query).toHaveValue(new RegExp(`^file\\.name:"?${escaped}"?$`));
  await expect(page).toHaveURL(/from=\d+&to=\d+/);
  await expect(grid.locator('.dt-body-row').first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/hunt.png`, fullPage: true });

  // Saved with a name, it is listed; its rule is Vigil JSON on the file name, and Sigma.
  await tabTo(page, page.getByRole('button', { name: 'Save search…' }));
  await press(page, 'Enter');
  await page.keyboard.type('USB copies of one file');
  await press(page, 'Enter');
  await expect(page.getByText('Search saved')).toBeVisible();
  const saved = page.getByRole('region', { name: 'Saved searches' });
  await tabTo(page, saved.getByRole('button', { name: 'Rule from USB copies of one file' }));
  await press(page, 'Enter');
  const rule = page.getByLabel('Vigil JSON rule');
  await expect(rule).toContainText('"id": "hunt-usb-copies-of-one-file"');
  await expect(rule).toContainText('"field": "file_name"');
  await expect(page.getByLabel('Sigma rule')).toContainText('file_name');
});
