import fs from 'node:fs';

import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

import { openCaseFromPalette, press, signIn } from './support/vigil';

/** The demo's departing-employee case (src/server/demo/demo-data.ts); its subject works in Los Angeles. */
const DEPARTING = 'Departing employee: files to USB and personal mail';
const SHOTS = '/work/shots';

/** Presses a key until the locator has the focus (reads where the focus is, never moves it). */
async function pressUntilFocused(page: Page, key: string, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await press(page, key);
  }
  await expect(target).toBeFocused();
}

/** The value of a key figure by its label. */
function figure(page: Page, label: string | RegExp) {
  return page
    .locator('.evidence-figure')
    .filter({ has: page.locator('.evidence-figure-label', { hasText: label }) })
    .locator('.evidence-figure-value');
}

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}` });
}

test.use({ viewport: { width: 1440, height: 900 } });

test('working hours: o on a day lists the events its row counted, in the subject’s time zone', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openCaseFromPalette(page, DEPARTING);
  await press(page, 'e w');
  await expect(page).toHaveURL(/\/evidence-locker\/working-hours$/);
  const zone = (await figure(page, 'Time zone').innerText()).replace(/\u200b/g, '').trim();
  expect(zone).toBe('America/Los_Angeles');

  // `/` reaches the days' filter and Down moves into the rows; j and k move between days.
  const days = page.getByRole('grid', { name: 'Days that break the pattern' });
  await expect(days.getByRole('row').nth(2)).toBeVisible();
  await press(page, '/');
  await expect(
    page.getByRole('searchbox', { name: 'Filter Days that break the pattern' }),
  ).toBeFocused();
  await press(page, 'ArrowDown');
  await expect(days).toBeFocused();
  await press(page, 'j j j k');
  const current = days.locator('[data-cursor="true"]');
  await expect(current).toHaveAttribute('aria-rowindex', '4');
  const cells = current.getByRole('gridcell');
  const date = (await cells.nth(0).innerText()).trim();
  const counted = Number((await cells.nth(1).innerText()).replace(/\D/g, ''));
  expect(counted).toBeGreaterThan(0);

  await press(page, 'o');
  const dialog = page.getByRole('dialog', { name: `Events of ${date} (America/Los_Angeles)` });
  await expect(dialog).toBeVisible();
  const events = dialog.getByRole('grid');
  await expect(events).toBeFocused();
  // As many events as the day's figure: the count the grid announces and the rows it holds.
  await expect(events).toHaveAttribute('aria-rowcount', String(counted + 1));
  await expect(dialog.getByText(`${counted} rows`, { exact: true })).toBeVisible();
  // Times read in the subject's zone, on the day the row names.
  await expect(
    events.getByRole('columnheader', { name: 'Time (America/Los_Angeles)' }),
  ).toBeVisible();
  const month = new Date(`${date}T12:00:00Z`).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  await expect(events.getByRole('row').nth(1)).toContainText(month);
  await expect(events.getByRole('row').last()).toContainText(month);
  await screenshot(page, 'wh-drilldown.png');
  await press(page, 'Escape');
  await expect(dialog).toBeHidden();
  await expect(days).toBeFocused();
});

test('file access: a label chosen by keys filters the figures and the sankey, not only the files', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openCaseFromPalette(page, DEPARTING);
  await press(page, 'e f');
  await expect(page).toHaveURL(/\/evidence-locker\/file-access$/);
  const events = figure(page, /^File events$/);
  await expect(events).toBeVisible();
  const allEvents = Number((await events.innerText()).replace(/\D/g, ''));
  const sankey = page.getByRole('img', { name: /Flows of files from sensitivity label/ });
  await expect(sankey.locator('text', { hasText: 'Unlabeled' }).first()).toBeVisible();

  // Into the file list by `/` and Down, then back (Shift+Tab) to the label choice, and
  // type-ahead picks "Highly Confidential".
  await press(page, '/');
  await press(page, 'ArrowDown');
  const files = page.getByRole('grid', { name: 'Files (All Files)' });
  await expect(files).toBeFocused();
  const label = page.getByRole('combobox', { name: 'Label' });
  await pressUntilFocused(page, 'Shift+Tab', label);
  await page.keyboard.type('Highly');
  await expect(label).toHaveValue('Highly Confidential');
  await expect(page).toHaveURL(/label=Highly\+Confidential/);

  // Every figure now counts that label: fewer events, and the sankey starts from it alone.
  const chosen = figure(page, 'Highly Confidential file events');
  await expect(chosen).toBeVisible();
  const labelEvents = Number((await chosen.innerText()).replace(/\D/g, ''));
  expect(labelEvents).toBeGreaterThan(0);
  expect(labelEvents).toBeLessThan(allEvents);
  await expect(figure(page, /^Sensitive$/)).toHaveCount(0);
  await expect(
    page.getByRole('heading', { name: 'Highly Confidential → action → destination' }),
  ).toBeVisible();
  await expect(sankey.locator('text', { hasText: 'Highly Confidential' }).first()).toBeVisible();
  await expect(sankey.locator('text', { hasText: 'Unlabeled' })).toHaveCount(0);
  await expect(sankey.locator('text', { hasText: /^Public$/ })).toHaveCount(0);
  // The figures are the label's own, as the server counts them with the label.
  const filtered = page.getByRole('grid', { name: 'Files (Highly Confidential)' });
  await expect(filtered.getByRole('row').nth(1)).toBeVisible();
  const id = /investigations\/([^/]+)\//.exec(page.url())?.[1] ?? '';
  const reply = await page.request.get(
    `/api/app/investigations/${id}/findings/file-access?label=Highly%20Confidential`,
  );
  const counted = (await reply.json()) as { totals: { events: number; leaving: number } };
  expect(labelEvents).toBe(counted.totals.events);
  await expect(figure(page, 'Left company storage')).toHaveText(String(counted.totals.leaving));
  await screenshot(page, 'file-access-label.png');
});
