import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { E2E_PORT } from './support/env';
import { press, signIn, tabTo } from './support/vigil';

test.use({ viewport: { width: 1440, height: 900 } });

const BASE = `http://127.0.0.1:${E2E_PORT}`;

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/tokens-${name}.png` });
}

/** A script's request: the bearer token only, no cookie, from outside the browser. */
function asScript(token: string, path: string): Promise<Response> {
  return fetch(`${BASE}/api/app${path}`, { headers: { authorization: `Bearer ${token}` } });
}

test('an API token by keys: n makes one, shown once; a script uses it; Delete revokes it and it stops working', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'analyst');
  await press(page, 'g s');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section).toContainText('No API tokens.');

  // n: name, then the scopes to read alerts (Space ticks), then the lifetime; Ctrl+Enter sends.
  await press(page, 'n');
  const dialog = page.getByRole('dialog', { name: 'Create API token' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('Nightly alert export');
  await tabTo(page, dialog.getByRole('checkbox', { name: /^investigations\.read_all/ }));
  await press(page, 'Space');
  await press(page, 'Tab');
  await expect(dialog.getByRole('checkbox', { name: /^evidence\.read / })).toBeFocused();
  await press(page, 'Space');
  await tabTo(page, dialog.getByLabel('Expires after'));
  await shot(page, 'create');
  await press(page, 'Control+Enter');

  const created = page.getByRole('dialog', { name: 'API token created' });
  await expect(created).toContainText('shown only once');
  const token = (await created.getByLabel('API token', { exact: true }).textContent()) ?? '';
  expect(token).toMatch(/^vgl_[A-Za-z0-9_-]{43}$/);
  await shot(page, 'shown-once');
  await press(page, 'Escape');
  await expect(created).toBeHidden();

  // A script with the token alone reads alerts, as the token's owner with its two scopes.
  const me = await asScript(token, '/auth/me');
  expect(me.status).toBe(200);
  const who = (await me.json()) as { apiToken: { name: string }; permissions: string[] };
  expect(who.apiToken.name).toBe('Nightly alert export');
  expect(who.permissions.sort()).toEqual(['evidence.read', 'investigations.read_all']);
  expect((await asScript(token, '/alerts')).status).toBe(200);

  const grid = page.getByRole('grid', { name: 'Your API tokens' });
  const row = grid.getByRole('row', { name: /Nightly alert export/ });
  await expect(row).toContainText('investigations.read_all, evidence.read');

  // Back on the list by Tab; after a reload the list shows the script's use.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Never');
  await tabTo(page, grid);
  await shot(page, 'list');

  // Delete asks first, with Cancel focused; Tab then Enter revokes.
  await press(page, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Revoke API token?' });
  await expect(confirm).toContainText('Nightly alert export');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await press(page, 'Tab');
  await press(page, 'Enter');
  await expect(confirm).toBeHidden();
  await expect(row).toBeHidden();
  await expect(section).toContainText('No API tokens.');

  const after = await asScript(token, '/alerts');
  expect(after.status).toBe(401);
  expect(((await after.json()) as { message: string }).message).toBe(
    'The API token has been revoked.',
  );
});

test('admins see everyone’s tokens on API tokens and revoke one with D', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  // The admin makes their own token by keys, so the list has one.
  await press(page, 'g s');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await press(page, 'n');
  const dialog = page.getByRole('dialog', { name: 'Create API token' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('Ticketing sync');
  await tabTo(page, dialog.getByRole('checkbox', { name: /^investigations\.read / }));
  await press(page, 'Space');
  await press(page, 'Control+Enter');
  const created = page.getByRole('dialog', { name: 'API token created' });
  const token = (await created.getByLabel('API token', { exact: true }).textContent()) ?? '';
  await press(page, 'Escape');
  expect((await asScript(token, '/investigations')).status).toBe(200);

  await press(page, 'Control+k');
  await page.keyboard.type('Go to API tokens');
  const palette = page.locator('[data-overlay="palette"]');
  await expect(palette.getByRole('option').first()).toHaveAccessibleName(/Go to API tokens/);
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  const grid = page.getByRole('grid', { name: "Everyone's API tokens" });
  await expect(grid).toBeFocused();
  const row = grid.getByRole('row', { name: /Ticketing sync/ });
  await expect(row).toContainText('admin@vigil.local');
  await shot(page, 'admin');

  await press(page, 'Shift+D');
  const confirm = page.getByRole('dialog', { name: 'Revoke API token?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await press(page, 'Tab Enter');
  await expect(row).toBeHidden();
  expect((await asScript(token, '/investigations')).status).toBe(401);
});
