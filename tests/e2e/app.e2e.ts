import { expect, test } from '@playwright/test';

import { personAs } from './support/people';
import { expireSessionsOf, press, seedInvestigation, signIn, tabTo } from './support/vigil';

test('signs in with the keyboard and lands on the dashboard with its figures', async ({ page }) => {
  await signIn(page, 'admin');
  for (const figure of ['Investigations', 'Active', 'High risk (active)', 'Opened today']) {
    await expect(page.locator('.stat-label').getByText(figure, { exact: true })).toBeVisible();
  }
  for (const chart of [
    'Risk distribution',
    'Type distribution',
    'Trend: last 30 days',
    'Assigned to me',
    'Latest investigations',
  ]) {
    await expect(page.getByRole('heading', { name: chart })).toBeVisible();
  }
});

test('a wrong password shows one clear message', async ({ page }) => {
  await page.goto('/auth');
  // The form loads on demand and puts the caret in Email; keys typed before then would be lost.
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type('admin@vigil.local');
  await press(page, 'Tab');
  await page.keyboard.type('not-the-password');
  await press(page, 'Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'The email or password is incorrect, or the account is disabled.',
  );
});

test('an expired session sends the browser to /auth, and back after signing in', async ({
  page,
}) => {
  const user = await signIn(page, 'analyst');
  await press(page, 'g i');
  await expect(page.getByRole('heading', { name: 'Investigations' })).toBeVisible();
  expireSessionsOf(user.email);
  // The employee directory has not been fetched yet, so its request meets the expired session.
  await press(page, 'g p');
  await expect(page).toHaveURL(/\/auth\?next=/);
  await expect(page.getByText('Your session ended')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(user.email);
  await press(page, 'Tab');
  await page.keyboard.type(user.password);
  await press(page, 'Enter');
  // Signing in hashes the password, and this test runs early, while the server still analyses
  // the demo in the background: once (CI, 29 Nov) the way back took more than the 7 s default.
  await expect(page).toHaveURL(/\/app\//, { timeout: 20_000 });
});

test('creates and edits an investigation', async ({ page }) => {
  await signIn(page, 'investigator');
  // People show as pseudonyms: the subject is found by the one the investigator sees.
  const subject = await personAs(page, 'E10003');
  await press(page, 'Control+k');
  await page.keyboard.type('>new investigation');
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog', { name: 'New investigation' });
  await expect(dialog).toBeVisible();
  // Nobody is the subject until someone is searched for or chosen: Enter alone opens nothing.
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('');
  await press(page, 'Enter');
  await expect(dialog.getByText('Choose the employee the investigation is about.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await page.keyboard.type(subject.pseudonym);
  await press(page, 'Tab');
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('E10003');
  await press(page, 'Tab');
  await page.keyboard.type('Source code copied to USB');
  // Ctrl+Enter sends the form from any field, even a select, where Enter does not.
  await press(page, 'Tab');
  await expect(dialog.getByLabel('Type')).toBeFocused();
  await press(page, 'Control+Enter');
  await expect(page.getByRole('heading', { name: 'Source code copied to USB' })).toBeVisible();
  await expect(page.getByText(`Subject: ${subject.pseudonym}`)).toBeVisible();

  // Change the status from the palette: a nested page lists only the allowed next statuses.
  await press(page, 'Control+k');
  await page.keyboard.type('>set investigation status');
  await press(page, 'Enter');
  await expect(page.getByRole('option', { name: /In review/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /^Open/ })).toHaveCount(0);
  await page.keyboard.type('review');
  await press(page, 'Enter');
  await expect(page.locator('.badge.status-in_review').first()).toBeVisible();

  // And the form: an empty title is refused with the server's sentence.
  await tabTo(page, page.getByRole('button', { name: 'Edit' }));
  await press(page, 'Enter');
  const title = page.getByLabel('Title');
  await tabTo(page, title);
  await press(page, 'Control+a');
  await press(page, 'Backspace');
  await press(page, 'Enter');
  await expect(page.getByText('Failed to update investigation: Bad Request')).toBeVisible();
  await page.keyboard.type('USB copies of the payments service');
  await press(page, 'Enter');
  await expect(
    page.getByRole('heading', { name: 'USB copies of the payments service' }),
  ).toBeVisible();
});

test("an unknown investigation redirects to the list with the brief's message", async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await page.goto('/app/investigations/does-not-exist');
  await expect(page).toHaveURL(/\/app\/investigations\/?$/);
  await expect(page.getByText('Investigation report does-not-exist not found')).toBeVisible();
});

test('an unknown route shows Not Found, inside and outside the app', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.goto('/app/nothing-here');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
});

test('a failing screen shows the error screen with its Show Error / Hide Error toggle', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await page.route('**/api/app/investigations/broken-case', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":"Internal Server Error","message":"boom"}',
    }),
  );
  await page.goto('/app/investigations/broken-case');
  // The failed fetch is retried (3 times, 1 s, 2 s, 4 s) before the route gives up.
  await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible({
    timeout: 20_000,
  });
  const toggle = page.getByRole('button', { name: 'Show Error' });
  await tabTo(page, toggle);
  await press(page, 'Enter');
  await expect(page.getByText(/boom/)).toBeVisible();
  await press(page, 'Enter');
  await expect(page.getByRole('button', { name: 'Show Error' })).toBeVisible();
  await expect(page.getByText(/boom/)).toHaveCount(0);
});

test('the theme is dark by default and survives a reload under ui-theme', async ({ page }) => {
  await signIn(page, 'analyst');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await press(page, 'Control+k');
  await page.keyboard.type('>toggle dark');
  await press(page, 'Enter');
  await expect(page.locator('html')).toHaveClass(/light/);
  expect(await page.evaluate(() => localStorage.getItem('ui-theme'))).toBe('light');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/light/);
});

test('an admin creates a user who signs in and sees only what the role allows', async ({
  page,
}) => {
  const adminCase = await seedInvestigation(page.request, 'Admin-only case about payroll');
  await signIn(page, 'admin');
  await press(page, 'Control+k');
  await page.keyboard.type('>create user');
  await press(page, 'Enter');
  await expect(page.getByRole('dialog', { name: 'Create user' })).toBeVisible();
  const email = `new-${Date.now()}@vigil.test`;
  await page.keyboard.type(email);
  await press(page, 'Tab');
  await page.keyboard.type('New Investigator');
  await tabTo(page, page.getByLabel('Password (optional)'));
  await page.keyboard.type('first-password-123');
  await press(page, 'Enter');
  await expect(page.getByText(`User created: ${email}`)).toBeVisible();

  await press(page, 'Control+k');
  await page.keyboard.type('>sign out');
  await press(page, 'Enter');
  await expect(page).toHaveURL(/\/auth/);
  // The form loads on demand and puts the caret in Email; keys typed before then would be lost.
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await press(page, 'Tab');
  await page.keyboard.type('first-password-123');
  await press(page, 'Enter');
  // The admin knows that password: the new user must choose their own before anything else.
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await page.keyboard.type('first-password-123');
  await press(page, 'Tab');
  await page.keyboard.type('only-i-know-this-one');
  await press(page, 'Tab');
  await page.keyboard.type('only-i-know-this-one');
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Integrations' })).toHaveCount(0);
  await page.goto('/app/admin/manage-users');
  await expect(page.getByText('You cannot manage users')).toBeVisible();
  await page.goto(`/app/investigations/${adminCase.id}`);
  await expect(page).toHaveURL(/\/app\/investigations\/?$/);
});
