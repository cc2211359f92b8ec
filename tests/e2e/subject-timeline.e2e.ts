import fs from 'node:fs';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { openCaseFromPalette, press, signIn } from './support/vigil';

/** The demo's departing-employee case (src/server/demo/demo-data.ts). */
const DEPARTING = 'Departing employee: files to USB and personal mail';
const SHOTS = '/work/shots';

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}` });
}

test.use({ viewport: { width: 1440, height: 900 } });

test('subject timeline by keys: open it from the palette, filter by a source, jump to a date, open a raw record', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openCaseFromPalette(page, DEPARTING);

  // The palette finds the screen by its name.
  await press(page, 'Control+k');
  await page.keyboard.type('subject timeline');
  await expect(page.getByRole('option', { name: /Subject timeline/ }).first()).toBeVisible();
  await press(page, 'Enter');
  await expect(page).toHaveURL(/\/investigations\/[^/]+\/timeline$/);
  const grid = page.getByRole('grid', { name: 'Subject timeline' });
  await expect(grid).toBeFocused();
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/^\d[\d,]* events from /)).toBeVisible();
  // Oldest first.
  const times = async () =>
    grid
      .getByRole('row')
      .locator('[role="gridcell"]:first-child')
      .evaluateAll((cells) => cells.map((c) => Date.parse(c.textContent ?? '')));
  const unfiltered = await times();
  expect(unfiltered.length).toBeGreaterThan(5);
  expect([...unfiltered].sort((a, b) => a - b)).toEqual(unfiltered);
  await screenshot(page, 'subject-timeline.png');

  // f: the source filter; type-ahead chooses Microsoft 365, Enter hands the keys back.
  await press(page, 'f');
  const source = page.getByRole('combobox', { name: 'Source' });
  await expect(source).toBeFocused();
  await page.keyboard.type('m365');
  await expect(source).toHaveValue('m365');
  await expect(page).toHaveURL(/source=m365/);
  await press(page, 'Enter');
  await expect(grid).toBeFocused();
  const sources = grid.getByRole('row').locator('[role="gridcell"]:nth-child(2)');
  await expect(sources.first()).toHaveText('Microsoft 365');
  expect(new Set(await sources.allInnerTexts())).toEqual(new Set(['Microsoft 365']));

  // d: a date; the list starts there, still of that source.
  const first = (await times())[0]!;
  const later = new Date(first + 5 * 86_400_000).toISOString().slice(0, 10);
  await press(page, 'd');
  const date = page.getByRole('textbox', { name: 'Jump to date' });
  await expect(date).toBeFocused();
  await page.keyboard.type(later);
  await press(page, 'Enter');
  await expect(page).toHaveURL(new RegExp(`at=${later}`));
  await expect(grid).toBeFocused();
  await expect
    .poll(async () => (await times())[0]!)
    .toBeGreaterThanOrEqual(Date.parse(`${later}T00:00:00Z`) - 14 * 3_600_000);
  expect(new Set(await sources.allInnerTexts())).toEqual(new Set(['Microsoft 365']));
  await screenshot(page, 'subject-timeline-filtered.png');

  // j j Enter: the third event's raw record; Escape closes it and the keys are back in the rows.
  await press(page, 'j j');
  const cursorRow = grid.locator('[data-cursor="true"]');
  await expect(cursorRow).toHaveAttribute('aria-rowindex', '4');
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog', { name: 'Event' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Raw record/i).first()).toBeVisible();
  await screenshot(page, 'subject-timeline-record.png');
  await press(page, 'Escape');
  await expect(dialog).toBeHidden();
  await expect(grid).toBeFocused();
});

test('a key figure of the overview opens the timeline on exactly the events it counts', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openCaseFromPalette(page, DEPARTING);
  const link = page.getByRole('link', { name: /^Files written to USB: \d+, open the events$/ });
  await expect(link).toBeVisible();
  const counted = Number((await link.innerText()).replace(/\D/g, ''));
  expect(counted).toBeGreaterThan(0);
  // Tab to it and Enter, as a keyboard user follows a link.
  for (let i = 0; i < 60; i++) {
    if (await link.evaluate((el) => el === document.activeElement)) break;
    await press(page, 'Tab');
  }
  await expect(link).toBeFocused();
  await press(page, 'Enter');
  await expect(page).toHaveURL(/\/timeline\?activity=usb_write/);
  const grid = page.getByRole('grid', { name: 'Subject timeline' });
  await expect(page.getByText(new RegExp(`^${counted} events? from `))).toBeVisible();
  await expect(grid).toHaveAttribute('aria-rowcount', String(counted + 1));
  await screenshot(page, 'subject-timeline-usb.png');
});
