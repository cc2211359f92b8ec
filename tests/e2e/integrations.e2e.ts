import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { generate, writeDataset } from '../../src/server/demo/generator/index';
import { press, signIn, tabTo } from './support/vigil';

/** A small Okta export from the log generator, in a January far from the demo's window. */
async function oktaExport(): Promise<{ file: string; events: number; remove: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-e2e-okta-'));
  const manifest = await writeDataset(
    generate({ employees: 6, days: 2, seed: 41, endDate: '2026-01-15', scenarios: [] }),
    dir,
  );
  return {
    file: path.join(dir, manifest.sources.okta.file),
    events: manifest.sources.okta.events,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The numbers the upload card shows for the batch. */
async function shownCounts(page: Page) {
  const status = page.getByRole('status').filter({ hasText: 'Accepted' });
  await expect(status).toBeVisible({ timeout: 20_000 });
  const text = (await status.innerText()).replace(/,/g, '');
  const count = (label: string) => Number(new RegExp(`${label}\\s+(\\d+)`).exec(text)?.[1]);
  return {
    accepted: count('Accepted'),
    duplicate: count('Duplicate'),
    quarantined: count('Quarantined'),
  };
}

test('connects a source from the palette, shows its token once, and an upload counts every record', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const okta = await oktaExport();
  try {
    await signIn(page, 'admin');
    await press(page, 'Control+k');
    await page.keyboard.type('>connect a log source');
    await press(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: 'Connect a source' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Source format').selectOption({ label: 'Okta System Log' });
    await press(page, 'Tab');
    const name = `Okta e2e ${Date.now()}`;
    await page.keyboard.type(name);
    await press(page, 'Enter');

    // The token is shown once, with the push URL; then on to the settings screen.
    const connected = page.getByRole('dialog', { name: `${name} connected` });
    await expect(connected).toBeVisible();
    await expect(
      connected.getByText(/\/api\/app\/integrations\/[0-9a-f-]+\/ingest/).first(),
    ).toBeVisible();
    await tabTo(page, connected.getByRole('button', { name: 'Open settings' }));
    await press(page, 'Enter');
    await expect(page.getByRole('heading', { name })).toBeVisible();

    // The palette finds the new integration by name.
    await press(page, 'Control+k');
    await page.keyboard.type(name);
    // Its settings (its quarantine is the entry "Quarantine of …").
    await expect(page.getByRole('option', { name: new RegExp(`^${name}`) })).toBeVisible();
    await press(page, 'Escape');

    await page.getByLabel('Export file (Okta System Log)').setInputFiles(okta.file);
    // The walk down the settings screen passes the Collection section's fields first.
    await tabTo(page, page.getByRole('button', { name: 'Upload', exact: true }), { max: 80 });
    await press(page, 'Enter');
    const first = await shownCounts(page);
    expect(first.quarantined).toBe(0);
    expect(first.accepted + first.duplicate).toBe(okta.events);
    expect(first.accepted).toBeGreaterThan(0);

    // The same file again adds nothing: every event is a duplicate.
    await page.reload();
    await page.getByLabel('Export file (Okta System Log)').setInputFiles(okta.file);
    // The walk down the settings screen passes the Collection section's fields first.
    await tabTo(page, page.getByRole('button', { name: 'Upload', exact: true }), { max: 80 });
    await press(page, 'Enter');
    const second = await shownCounts(page);
    expect(second).toEqual({ accepted: 0, duplicate: okta.events, quarantined: 0 });

    // The list shows the integration with its event count.
    await press(page, 'Control+k');
    await page.keyboard.type('/integrations');
    await press(page, 'Enter');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(first.accepted.toLocaleString('en-US'));
  } finally {
    okta.remove();
  }
});

test('an upload of the wrong format is refused with a reason and writes nothing', async ({
  page,
}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-e2e-bad-'));
  const file = path.join(dir, 'not-okta.ndjson');
  fs.writeFileSync(file, '{"hello":"world"}\n{"truncated":\n');
  try {
    await signIn(page, 'admin');
    await page.goto('/app/integrations');
    const grid = page.getByRole('grid', { name: 'Integrations' });
    await expect(grid).toBeVisible();
    // Filter the list to the demo's Okta source, then open it with o.
    await press(page, '/');
    await page.keyboard.type('Okta System Log');
    // Down leaves the filter box for the rows it filtered.
    await press(page, 'ArrowDown');
    await expect(grid).toBeFocused();
    const cursor = grid.locator('[data-cursor]');
    await expect(cursor).toContainText('Okta System Log');
    // Other journeys may have connected Okta sources too (this one's, the collector's, the
    // quarantine's): j down to the demo's own.
    for (
      let i = 0;
      i < 10 && /Okta (e2e|collected|quarantine)/.test(await cursor.innerText());
      i++
    ) {
      await press(page, 'j');
    }
    await press(page, 'o');
    await expect(page.getByRole('heading', { name: 'Okta System Log' })).toBeVisible();
    await page.getByLabel('Export file (Okta System Log)').setInputFiles(file);
    // The walk down the settings screen passes the Collection section's fields first.
    await tabTo(page, page.getByRole('button', { name: 'Upload', exact: true }), { max: 80 });
    await press(page, 'Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Quarantined' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText(/nothing (of this batch )?was written/).first()).toBeVisible();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
