import net from 'node:net';

import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';

import { E2E_DB, E2E_PORT } from './support/env';
import { adminApi, press, signIn } from './support/vigil';

test.use({ viewport: { width: 1440, height: 1000 } });

const SHOTS = process.env.VIGIL_SHOTS_DIR;
const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/** A local port nothing listens on: a collector pointed there fails to connect. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('a collector failing for more than 15 minutes shows on the dashboard, first in the palette and on the integrations list, with its sentence', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Setup through the API: an Okta collection pointed at a closed port fails at its first poll
  // (the server runs with VIGIL_ALLOW_HTTP_CONNECTORS); its next try is an hour away.
  const api = await adminApi(page.request);
  const name = `Okta unreachable ${Date.now()}`;
  const created = await api.post('/integrations', { name, kind: 'okta' });
  const id = ((await created.json()) as { integration: { id: string } }).integration.id;
  const saved = await page.request.put(`/api/app/integrations/${id}/collection`, {
    data: {
      enabled: true,
      intervalSeconds: 3600,
      backfillDays: 1,
      settings: { url: `http://127.0.0.1:${await closedPort()}`, token: 'token-1234' },
    },
    headers: { origin: ORIGIN },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await expect
    .poll(
      async () =>
        (
          (await (await api.get(`/integrations/${id}`)).json()) as {
            collection: { failingSince: number | null };
          }
        ).collection.failingSince,
      { timeout: 30_000 },
    )
    .not.toBeNull();

  // Fresh failure: not shown yet (under 15 minutes).
  await signIn(page, 'admin');
  await expect(page.getByRole('region', { name: 'Failing collectors' })).toHaveCount(0);

  // Twenty minutes later (the failure backdated in the database, as a clock would).
  const db = new Database(E2E_DB);
  try {
    db.prepare('update integration_collections set failing_since = ? where integration_id = ?').run(
      Date.now() - 20 * 60_000,
      id,
    );
  } finally {
    db.close();
  }
  await page.reload();
  const notice = page.getByRole('region', { name: 'Failing collectors' });
  await expect(notice).toBeVisible();
  const item = notice.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('Collection has failed for 20 min');
  await expect(item.getByRole('link', { name })).toBeVisible();
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/dashboard-failing-collector.png` });
    await page.evaluate(() => document.documentElement.classList.replace('dark', 'light'));
    await page.screenshot({ path: `${SHOTS}/dashboard-failing-collector-light.png` });
    await page.evaluate(() => document.documentElement.classList.replace('light', 'dark'));
  }

  // The palette lists it before anything is typed; Enter opens the integration.
  await press(page, 'Control+k');
  const entry = page.getByRole('option', { name: new RegExp(`Collector failing: ${name}`) });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Collection has failed for 20 min');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/palette-failing-collector.png` });
  await page.keyboard.type(`Collector failing: ${name}`);
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/integrations/settings/${id}$`));

  // The integrations list's Collection column says it too.
  await press(page, 'Control+k');
  await page.keyboard.type('>Go to Integrations');
  await expect(page.getByRole('option', { name: /Go to Integrations/ }).first()).toBeVisible();
  await press(page, 'Enter');
  const row = page.getByRole('grid', { name: 'Integrations' }).getByRole('row').filter({
    hasText: name,
  });
  await expect(row).toContainText('Failing');
  await expect(row).toContainText('Collection has failed for 20 min');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/integrations-failing-collector.png` });

  // Paused by someone, it is no longer called out.
  await page.request.put(`/api/app/integrations/${id}/collection`, {
    data: { enabled: false, settings: { url: 'http://127.0.0.1:9' } },
    headers: { origin: ORIGIN },
  });
  await page.reload();
  await expect(row).toContainText('Paused');
  await expect(row).not.toContainText('Collection has failed');
});
