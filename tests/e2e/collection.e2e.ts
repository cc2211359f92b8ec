import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { startOktaSimulator } from '../simulators/okta-simulator';
import { press, signIn, tabTo } from './support/vigil';

/** Runs a palette command by its title, as a person types it. */
async function palette(page: Page, title: string): Promise<void> {
  await press(page, 'Control+k');
  await page.keyboard.type(`>${title}`);
  await expect(page.getByRole('option', { name: new RegExp(title, 'i') }).first()).toBeVisible();
  await press(page, 'Enter');
}

test('configures Okta collection against its simulator, tests it, polls now, sees events arrive and the state turn healthy, pauses it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sim = await startOktaSimulator(40);
  try {
    await signIn(page, 'admin');
    await palette(page, 'connect a log source');
    const dialog = page.getByRole('dialog', { name: 'Connect a source' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Source format').selectOption({ label: 'Okta System Log' });
    await press(page, 'Tab');
    const name = `Okta collected ${Date.now()}`;
    await page.keyboard.type(name);
    await press(page, 'Enter');
    const connected = page.getByRole('dialog', { name: `${name} connected` });
    await tabTo(page, connected.getByRole('button', { name: 'Open settings' }));
    await press(page, 'Enter');
    await expect(page.getByRole('heading', { name })).toBeVisible();

    const collection = page.getByRole('form', { name: 'Collection settings' });
    await tabTo(page, collection.getByLabel('Okta domain URL'));
    await page.keyboard.type(sim.url);
    await press(page, 'Tab');
    await page.keyboard.type(sim.token);
    await tabTo(page, collection.getByLabel('Interval (seconds)'));
    await press(page, 'Control+a');
    await page.keyboard.type('3600');
    await tabTo(page, collection.getByRole('button', { name: 'Save collection settings' }));
    await press(page, 'Enter');
    await expect(page.getByText('Collection settings saved')).toBeVisible();
    // The token is never shown again: only that it is set, and its last four characters.
    await expect(
      collection.getByText(`Set (…${sim.token.slice(-4)}); leave empty to keep it.`),
    ).toBeVisible();

    await palette(page, 'test collector connection');
    await expect(page.getByText('Connection works')).toBeVisible();

    const health = page.getByLabel('Collection health');
    await expect(health.getByTestId('collection-state')).toHaveText('Healthy', { timeout: 20_000 });
    await expect(health.getByText('40 events today')).toBeVisible({ timeout: 20_000 });

    sim.addEvents(7);
    await palette(page, 'poll integration now');
    await expect(page.getByText('Vigil polls this integration now.')).toBeVisible();
    await expect(health.getByText('47 events today')).toBeVisible({ timeout: 20_000 });
    await expect(health.getByTestId('collection-state')).toHaveText('Healthy');

    await palette(page, 'pause collection');
    await expect(health.getByTestId('collection-state')).toHaveText('Paused');
    await expect(health.getByText('not scheduled')).toBeVisible();
  } finally {
    await sim.close();
  }
});
