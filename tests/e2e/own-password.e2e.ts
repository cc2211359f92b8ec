import { expect, request as playwrightRequest, test } from '@playwright/test';

import { E2E_PORT } from './support/env';
import { adminApi, press } from './support/vigil';

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

test('a new user signs in with the temporary password, must choose their own, and their other session ends', async ({
  page,
}) => {
  const api = await adminApi(page.request);
  const email = `newcomer-${Date.now()}@vigil.test`;
  const created = await api.post('/admin/users', {
    email,
    displayName: 'Newcomer',
    roles: ['investigator'],
  });
  expect(created.status()).toBe(201);
  const { temporaryPassword } = (await created.json()) as { temporaryPassword: string };
  // Sign-in cookies of the admin setup must not carry over to the newcomer's browser.
  await page.context().clearCookies();

  // The newcomer is also signed in elsewhere (another browser) with the same password.
  const elsewhere = await playwrightRequest.newContext({ baseURL: ORIGIN });
  const otherLogin = await elsewhere.post('/api/app/auth/login', {
    data: { email, password: temporaryPassword },
    headers: { origin: ORIGIN },
  });
  expect(otherLogin.ok()).toBe(true);

  await page.goto('/auth');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await press(page, 'Tab');
  await page.keyboard.type(temporaryPassword);
  await press(page, 'Enter');

  // Sent to the form before anything else, in its first field.
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByLabel('Current password')).toBeFocused();

  // A mistake is said beside its field, in words.
  await page.keyboard.type(temporaryPassword);
  await press(page, 'Tab');
  await page.keyboard.type('too short');
  await press(page, 'Enter');
  await expect(page.getByText('The password must have at least 12 characters.')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused();

  await page.keyboard.type(' but now long enough');
  await press(page, 'Tab');
  await page.keyboard.type('too short but now long enough');
  await press(page, 'Control+Enter');

  await expect(page.getByText('1 other session was signed out.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect((await elsewhere.get('/api/app/auth/me')).status()).toBe(401);
  await elsewhere.dispose();

  // This session stays, and the palette opens the same form whenever the user wants it.
  await press(page, 'Control+k');
  await page.keyboard.type('>change password');
  await expect(page.getByRole('option', { name: /Change Password/ }).first()).toBeVisible();
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await press(page, 'Escape');
  await expect(dialog).toHaveCount(0);
});
