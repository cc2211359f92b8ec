import { expect, test } from '@playwright/test';

import { press, signIn, tabTo } from './support/vigil';

const storylines = [
  'Departing employee: labelled files to USB and personal email',
  'Mass repository cloning',
  'After-hours activity spike',
  'Access requests outside the role',
  'Security-tool tampering through PowerShell',
  'Mass deletion',
  'Contact with a competitor',
  'Uploads to personal cloud storage',
];

test('an admin generates a day of activity for the demo organization and sees its manifest', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  await press(page, 'Control+k');
  await page.keyboard.type('/log generator');
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: 'Log generator' })).toBeVisible();
  // The form starts from the demo organization, the only one this database can take.
  await expect(page.getByLabel('Seed')).toHaveValue('7');
  await expect(page.getByLabel('Employees')).toHaveValue('200');
  await page.getByLabel('Days').fill('1');
  await page.getByLabel('Events per person per workday').fill('5');
  // No storylines: the other journeys read the demo's incidents.
  for (const storyline of storylines) await page.getByLabel(`${storyline}: people`).fill('0');
  await tabTo(page, page.getByRole('button', { name: 'Generate and ingest' }));
  await press(page, 'Enter');

  await expect(page.getByRole('heading', { name: 'Last run' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Done · 100%')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Manifest' })).toBeVisible();
  await expect(page.getByText(/Seed 7: 200 employees/)).toBeVisible();
  const okta = page.getByRole('row', { name: /Okta System Log/ });
  await expect(okta).toContainText('done');
});

test('another seed is refused on the demo database with the reason', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin');
  await page.goto('/dev/log-generator');
  await page.getByLabel('Seed').fill('8');
  await page.getByLabel('Days').fill('1');
  await tabTo(page, page.getByRole('button', { name: 'Generate and ingest' }));
  await press(page, 'Enter');
  await expect(page.getByText(/already holds a different organization/)).toBeVisible({
    timeout: 45_000,
  });
});

test('the log generator is for admins only', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.goto('/dev/log-generator');
  await expect(page.getByText('You cannot run developer tools')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate and ingest' })).toHaveCount(0);
});
