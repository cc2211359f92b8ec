import fs from 'node:fs';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { openCaseFromPalette, press, signIn, tabTo } from './support/vigil';

/** The demo's departing-employee case (src/server/demo/demo-data.ts); its subject works in Los Angeles. */
const DEPARTING = 'Departing employee: files to USB and personal mail';
const SHOTS = '/work/shots';
const WEEKDAYS = [
  'Mondays',
  'Tuesdays',
  'Wednesdays',
  'Thursdays',
  'Fridays',
  'Saturdays',
  'Sundays',
];

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}` });
}

/** The case id in the address bar. */
const caseIdOf = (page: Page) => /investigations\/([^/?]+)/.exec(page.url())?.[1] ?? '';

/** The count a chart's line says for the point the keys chose ("…: 12 events · Enter opens it"). */
async function chosenCount(page: Page, chart: ReturnType<Page['getByRole']>) {
  // The line the chart is described by names the chosen point.
  const line = page.locator(`[id="${await chart.getAttribute('aria-describedby')}"]`);
  const text = await line.innerText();
  const match = /: (\d+) (?:events?|messages?)\b/.exec(text);
  expect(match, text).not.toBeNull();
  return { text, count: Number(match![1]) };
}

/** The subject timeline shows `count` events: in its subtitle and as the grid's rows. */
async function expectTimelineOf(page: Page, count: number) {
  await expect(page).toHaveURL(/\/timeline\?/);
  await expect(page.getByText(new RegExp(`^${count} events? from `))).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Subject timeline' });
  await expect(grid).toHaveAttribute('aria-rowcount', String(count + 1));
  return grid;
}

test.use({ viewport: { width: 1440, height: 900 } });

test('working hours: a heatmap cell chosen by keys opens the timeline on exactly its events', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openCaseFromPalette(page, DEPARTING);
  await press(page, 'e w');
  await expect(page).toHaveURL(/\/evidence-locker\/working-hours$/);
  // The busiest evening cell: in Los Angeles, 17:00 and later is the next day in UTC.
  const reply = await page.request.get(
    `/api/app/investigations/${caseIdOf(page)}/findings/working-hours`,
  );
  const hours = (await reply.json()) as { heatmap: number[][]; timezone: string };
  expect(hours.timezone).toBe('America/Los_Angeles');
  let cell = { weekday: 0, hour: 17, n: -1 };
  hours.heatmap.forEach((row, weekday) =>
    row.forEach((n, hour) => {
      if (hour >= 17 && n > cell.n) cell = { weekday, hour, n };
    }),
  );
  expect(cell.n).toBeGreaterThan(0);

  // Tab to the heatmap; the arrows walk to the cell (Down a weekday, Right an hour).
  const heatmap = page.getByRole('application', { name: /Activity by hour and weekday/ });
  await tabTo(page, heatmap, { max: 60 });
  await press(
    page,
    [...Array(cell.weekday).fill('ArrowDown'), ...Array(cell.hour).fill('ArrowRight')].join(' ') ||
      'Home',
  );
  const chosen = await chosenCount(page, heatmap);
  const slot = `${WEEKDAYS[cell.weekday]} ${cell.hour}:00–${cell.hour + 1}:00`;
  expect(chosen.text).toContain(slot);
  expect(chosen.count).toBe(cell.n);
  await screenshot(page, 'wh-heatmap-cell.png');

  await press(page, 'Enter');
  await expect(page).toHaveURL(new RegExp(`weekday=${cell.weekday + 1}&hour=${cell.hour}`));
  await expectTimelineOf(page, cell.n);
  // The subtitle says the cell in words, in the subject's zone; a chip clears each part.
  await expect(page.getByText(`${slot} (America/Los_Angeles)`, { exact: false })).toBeVisible();
  await screenshot(page, 'timeline-heatmap-cell.png');
  const chip = page.getByRole('button', { name: `Clear the filter: ${WEEKDAYS[cell.weekday]}` });
  await tabTo(page, chip, { max: 30 });
  await press(page, 'Enter');
  await expect(page).not.toHaveURL(/weekday=/);
  await expect(page).toHaveURL(new RegExp(`hour=${cell.hour}`));
});

test('communications: an edge of the contact graph chosen by keys opens the subject’s messages with that contact', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openCaseFromPalette(page, DEPARTING);
  await press(page, 'e c');
  await expect(page).toHaveURL(/\/evidence-locker\/communications-analysis$/);
  const graph = page.getByRole('application', { name: /Contact graph of the subject/ });
  await tabTo(page, graph, { max: 60 });
  // The busiest of the first few edges: Right moves along them.
  let best = { presses: 0, count: -1 };
  for (let presses = 0; presses < 6; presses++) {
    const { count } = await chosenCount(page, graph);
    if (count > best.count) best = { presses, count };
    await press(page, 'ArrowRight');
  }
  await press(page, 'Home');
  if (best.presses) await press(page, Array(best.presses).fill('ArrowRight').join(' '));
  const chosen = await chosenCount(page, graph);
  expect(chosen.text).toMatch(/^Subject – /);
  expect(chosen.count).toBe(best.count);
  expect(chosen.count).toBeGreaterThan(0);
  await screenshot(page, 'communications-edge.png');

  await press(page, 'Enter');
  await expect(page).toHaveURL(/counterpart=c-[0-9a-z]{8}/);
  await expectTimelineOf(page, chosen.count);
  await expect(
    page.getByRole('button', { name: /^Clear the filter: with \d+ contacts?$/ }),
  ).toBeVisible();
  await screenshot(page, 'timeline-communications-edge.png');
});
