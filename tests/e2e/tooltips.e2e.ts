import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { press, seedInvestigation, signIn } from './support/vigil';

/** The brief's tooltip delay; a tooltip seen much earlier would not be the brief's. */
const DELAY_MS = 700;

/** The tooltip on screen (Radix also keeps a hidden copy for screen readers, role tooltip). */
const shownTooltip = (page: Page) => page.locator('.tooltip');

/** The accessible name of the focused element: read only, the keys did the moving. */
const focusedName = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
  );

test('an icon button names itself in a tooltip 700 ms after Tab reaches it, and after hover', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  let reached = false;
  for (let presses = 0; presses < 60 && !reached; presses++) {
    await press(page, 'Tab');
    reached = (await focusedName(page)) === 'New tab';
  }
  expect(reached, 'Tab reaches the New tab button').toBe(true);
  const focusedAt = Date.now();
  await expect(shownTooltip(page)).toHaveCount(0);
  await expect(shownTooltip(page)).toHaveText('New tab');
  expect(Date.now() - focusedAt).toBeGreaterThanOrEqual(DELAY_MS - 100);
  await expect(page.getByRole('tooltip')).toHaveText('New tab');

  // Leaving closes it; resting the pointer on the button opens it again after the delay.
  await press(page, 'Tab');
  await expect(shownTooltip(page)).toHaveCount(0);
  await page.mouse.move(0, 400);
  await page.waitForTimeout(400); // past Radix's 300 ms grace, so the full delay applies again
  await page.getByRole('button', { name: 'New tab' }).hover();
  const hoveredAt = Date.now();
  await expect(shownTooltip(page)).toHaveText('New tab');
  expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(DELAY_MS - 100);
});

test('a truncated cell shows its full text in a tooltip, a cell that fits shows none', async ({
  page,
}) => {
  const long = `Tooltip case ${Date.now()}: ${'a long title that cannot fit in its column '.repeat(4)}end`;
  await seedInvestigation(page.request, long.slice(0, 200));
  await signIn(page, 'analyst');
  await press(page, 'g i');
  const grid = page.getByRole('grid', { name: 'Investigations' });
  const row = grid.getByRole('row', { name: /Tooltip case/ }).first();
  await expect(row).toBeVisible();

  const title = row.getByRole('gridcell').first().locator('.dt-cell-content');
  expect(await title.evaluate((cell) => cell.scrollWidth > cell.clientWidth)).toBe(true);
  await title.hover();
  await expect(shownTooltip(page)).toHaveText(long.slice(0, 200));

  const subject = row.getByRole('gridcell').nth(1).locator('.dt-cell-content');
  expect(await subject.evaluate((cell) => cell.scrollWidth > cell.clientWidth)).toBe(false);
  await page.mouse.move(0, 0);
  await expect(shownTooltip(page)).toHaveCount(0);
  await page.waitForTimeout(400);
  await subject.hover();
  await page.waitForTimeout(DELAY_MS + 500);
  await expect(shownTooltip(page)).toHaveCount(0);
});
