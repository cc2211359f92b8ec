import { expect, test } from '@playwright/test';

import { E2E_PORT } from './support/env';
import { adminApi, openCaseFromPalette, press, seedInvestigation, signIn } from './support/vigil';

test.use({ viewport: { width: 1440, height: 900 } });

test('p pins the subject timeline’s event under the cursor; the locker lists it with its SHA-256', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `Timeline pins ${Date.now()}`;
  await seedInvestigation(page.request, title);
  await signIn(page, 'admin');
  await openCaseFromPalette(page, title);

  await press(page, 'g l');
  const grid = page.getByRole('grid', { name: 'Subject timeline' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await expect(grid).toBeFocused();
  await press(page, 'j p');
  const pin = page.getByRole('dialog', { name: 'Pin to evidence' });
  await expect(pin).toBeVisible();
  const note = `From the timeline (${Date.now()})`;
  await page.keyboard.type(note);
  await press(page, 'Control+Enter');
  await expect(pin).toBeHidden();
  await expect(page.getByText('Pinned to evidence')).toBeVisible();

  await press(page, 'g e');
  const pinned = page.getByRole('grid', { name: 'Pinned evidence' });
  const row = pinned.getByRole('row', { name: new RegExp(note.replace(/[()]/g, '\\$&')) });
  await expect(row).toBeVisible();
  await expect(row.getByLabel(/^(HMAC-)?SHA-256 [0-9a-f]{64}$/)).toBeVisible();
  await expect(row).toContainText('Subject timeline');
});

test('p pins an alert’s event to the case the alert became, and says why before it has one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Setup as the admin: two new alerts of the demo, one turned into a case.
  const api = await adminApi(page.request);
  const queue = (await (await api.get('/alerts?status=new&limit=50')).json()) as {
    alerts: Array<{ id: string; eventCount: number; subject: { id: string } }>;
  };
  const withEvents = queue.alerts.filter((a) => a.eventCount > 0);
  const escalated = withEvents[0]!;
  const alone = withEvents.find((a) => a.subject.id !== escalated.subject.id)!;
  const made = await page.request.post(`/api/app/alerts/${escalated.id}/investigation`, {
    data: {},
    headers: { origin: `http://127.0.0.1:${E2E_PORT}` },
  });
  expect(made.status()).toBe(200);
  await signIn(page, 'admin');

  // An alert without a case: p says why.
  await page.goto(`/app/alerts/${alone.id}`);
  const events = page.getByRole('grid', { name: 'Events of the alert' });
  await expect(events.getByRole('row').nth(1)).toBeVisible({ timeout: 15_000 });
  await expect(events).toBeFocused();
  await press(page, 'p');
  await expect(page.getByText('This alert is not part of a case yet')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Pin to evidence' })).toHaveCount(0);

  // The escalated one: p pins into its case.
  await page.goto(`/app/alerts/${escalated.id}`);
  await expect(events.getByRole('row').nth(1)).toBeVisible({ timeout: 15_000 });
  await expect(events).toBeFocused();
  await press(page, 'p');
  const pin = page.getByRole('dialog', { name: 'Pin to evidence' });
  await expect(pin).toBeVisible();
  await page.keyboard.type('The event the alert fired on');
  await press(page, 'Control+Enter');
  await expect(pin).toBeHidden();
  await expect(page.getByText('Pinned to evidence')).toBeVisible();
});
