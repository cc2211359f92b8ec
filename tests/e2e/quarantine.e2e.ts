import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

import { E2E_PORT } from './support/env';
import { adminApi, press, signIn } from './support/vigil';

test.use({ viewport: { width: 1440, height: 1000 } });

const SHOTS = process.env.VIGIL_SHOTS_DIR;

/** An Okta System Log event as the parser reads it; without `published` when `undated`. */
function oktaEvent(n: number, undated = false): string {
  const person = `quarantine.person${n}@example.com`;
  return JSON.stringify({
    uuid: randomUUID(),
    ...(undated ? {} : { published: new Date(Date.now() - n * 60_000).toISOString() }),
    eventType: 'user.session.start',
    displayMessage: 'User login to Okta',
    actor: { id: `00uq${n}`, type: 'User', alternateId: person, displayName: person },
    outcome: { result: 'SUCCESS' },
    client: { ipAddress: '203.0.113.9' },
  });
}

/**
 * Connects an Okta integration and pushes one batch through the API (setup): five good records,
 * three without a time (positions 2, 4 and 7) and, at position 5, a broken line holding a NUL.
 */
async function pushBatch(request: APIRequestContext) {
  const api = await adminApi(request);
  const name = `Okta quarantine ${randomUUID().slice(0, 6)}`;
  const created = await api.post('/integrations', { name, kind: 'okta' });
  expect(created.status()).toBe(201);
  const { integration, token } = (await created.json()) as {
    integration: { id: string };
    token: string;
  };
  const lines = [
    oktaEvent(1),
    oktaEvent(2, true),
    oktaEvent(3),
    oktaEvent(4, true),
    '{"broken": "a\u0000b"',
    oktaEvent(6),
    oktaEvent(7, true),
    oktaEvent(8),
  ];
  const pushed = await request.post(`/api/app/integrations/${integration.id}/ingest`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
    data: `${lines.join('\n')}\n`,
  });
  expect(pushed.status(), await pushed.text()).toBe(200);
  expect(await pushed.json()).toMatchObject({ accepted: 4, quarantined: 4 });
  return { id: integration.id, name, api };
}

/** Screenshots of the screen as it is, in the dark theme and the light one (VIGIL_SHOTS_DIR). */
async function shoot(page: Page, file: string) {
  if (!SHOTS) return;
  for (const theme of ['dark', 'light']) {
    await page.evaluate((value) => {
      document.documentElement.classList.remove('light', 'dark');
      document.documentElement.classList.add(value);
    }, theme);
    await page.screenshot({ path: `${SHOTS}/${file}-${theme}.png` });
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove('light');
    document.documentElement.classList.add('dark');
  });
}

test('by keys only: opens a quarantine from the palette, sees the reasons, reads a raw record escaped, discards one with a reason, downloads the rest, tries them again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const okta = await pushBatch(page.request);
  await signIn(page, 'admin');

  await press(page, 'Control+k');
  await page.keyboard.type(`Quarantine of ${okta.name}`);
  await expect(
    page.getByRole('option', { name: new RegExp(`Quarantine of ${okta.name}`) }).first(),
  ).toBeVisible();
  await press(page, 'Enter');
  await expect(
    page.getByRole('heading', { name: `Quarantine of ${okta.name}`, exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/integrations/quarantine/${okta.id}$`));

  // Grouped by reason, with counts.
  const reasons = page.getByRole('list', { name: 'Quarantined by reason' });
  await expect(reasons.getByRole('button', { name: /^All reasons\s*4$/ })).toBeVisible();
  await expect(
    reasons.getByRole('button', { name: /no time: Okta records need `published`.*3$/ }),
  ).toBeVisible();
  await expect(reasons.getByRole('button', { name: /not valid JSON.*1$/ })).toBeVisible();

  const grid = page.getByRole('grid', { name: 'Quarantined records' });
  await expect(grid.getByRole('row')).toHaveCount(5);
  await expect(grid).toContainText('#2 of run');
  // The grid has the keys: j twice reaches record 5, the broken line with a NUL.
  await press(page, 'j j');
  await press(page, 'Enter');
  const raw = page.getByRole('dialog', { name: /^Record #5 of run \d+$/ });
  await expect(raw).toBeVisible();
  await expect(raw.getByLabel('Raw record')).toHaveText('{"broken": "a\\u0000b"');
  await expect(raw).toContainText('not valid JSON');
  await shoot(page, 'quarantine-raw');
  await press(page, 'Escape');
  await expect(raw).toBeHidden();

  // Discard it with a reason (Delete asks; Ctrl+Enter sends).
  await press(page, 'Delete');
  const discard = page.getByRole('dialog', { name: /^Discard record #5 of run \d+\?$/ });
  await expect(discard.getByLabel('Reason')).toBeFocused();
  await page.keyboard.type('A test line sent by mistake, not an audit record.');
  await press(page, 'Control+Enter');
  await expect(page.getByText('Record #5 discarded')).toBeVisible();
  await expect(discard).toBeHidden();
  await expect(grid.getByRole('row')).toHaveCount(4);
  await expect(reasons.getByRole('button', { name: /not valid JSON/ })).toHaveCount(0);
  await expect(reasons.getByRole('button', { name: /^All reasons\s*3$/ })).toBeVisible();
  const audit = await okta.api.get(
    `/audit?targetType=integration&targetId=${okta.id}&action=integration.quarantine.discard`,
  );
  const entries = ((await audit.json()) as { entries: { details: { reason: string } }[] }).entries;
  expect(entries.map((e) => e.details.reason)).toEqual([
    'A test line sent by mistake, not an audit record.',
  ]);
  await shoot(page, 'quarantine');

  // Download what is left as NDJSON (e).
  await expect(grid).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), press(page, 'e')]);
  expect(download.suggestedFilename()).toBe(`quarantine-${okta.id}.ndjson`);
  const lines = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\n');
  expect(lines).toHaveLength(3);
  expect(lines.every((line) => !('published' in JSON.parse(line)))).toBe(true);

  // Try again (r): nothing changed, so nothing leaves; after a setting change, all leave.
  await press(page, 'r');
  await expect(page.getByRole('status').filter({ hasText: 'Tried 3 again' })).toHaveText(
    'Tried 3 again: 0 left the quarantine; 3 records remain.',
  );
  const changed = await page.request.patch(`/api/app/integrations/${okta.id}`, {
    data: { options: { framing: 'auto', undatedRecords: 'time-received' } },
    headers: { origin: `http://127.0.0.1:${E2E_PORT}` },
  });
  expect(changed.status()).toBe(200);
  await press(page, 'r');
  await expect(page.getByRole('status').filter({ hasText: 'Tried 3 again' })).toHaveText(
    'Tried 3 again: 3 left the quarantine; 0 records remain.',
  );
  await expect(grid).toContainText('Nothing is in quarantine');
});

test('q on an integration’s settings opens its quarantine; its runs show what was set aside by reason and link there', async ({
  page,
}) => {
  const okta = await pushBatch(page.request);
  await signIn(page, 'admin');
  await press(page, 'Control+k');
  await page.keyboard.type(okta.name);
  await expect(
    page.getByRole('option', { name: new RegExp(`^${okta.name}`) }).first(),
  ).toBeVisible();
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: okta.name, exact: true })).toBeVisible();
  const runs = page.getByRole('region', { name: 'Recent runs' });
  await expect(runs).toContainText('no time: Okta records need `published`');
  await expect(
    runs.getByRole('link', { name: '4 quarantined: open the quarantine' }),
  ).toBeVisible();
  await press(page, 'q');
  await expect(
    page.getByRole('heading', { name: `Quarantine of ${okta.name}`, exact: true }),
  ).toBeVisible();
});
