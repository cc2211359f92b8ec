import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { createUser, press, signInWith } from './support/vigil';

test.use({ viewport: { width: 1440, height: 900 } });

const SHOTS = process.env.VIGIL_SHOTS_DIR;

/** Every reply the browser got that refused the role (403), as "METHOD path". */
function refusalsOf(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403)
      refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return refused;
}

test('a privacy officer lands on reveal requests, and no screen or palette search asks for what the role may not read', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const officer = await createUser(page.request, 'privacy_officer');
  const refused = refusalsOf(page);
  await signInWith(page, officer.email, officer.password);
  await expect(page).toHaveURL(/\/app\/privacy\/reveals$/);
  await expect(page.getByRole('grid', { name: 'Reveal requests' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/privacy-officer-landing.png` });

  // The dashboard (g d) shows the role's work, not case figures it may not read.
  await press(page, 'g d');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  const work = page.getByRole('region', { name: 'Your work' });
  await expect(work.getByRole('link', { name: 'Reveal requests' })).toBeVisible();
  await expect(work.getByRole('link', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByText('Unavailable')).toHaveCount(0);
  await expect(page.getByText('No investigation has been opened yet.')).toHaveCount(0);

  // The palette searches only what the role may read: typing asks for no case or person.
  await press(page, 'Control+k');
  await page.keyboard.type('Reveal');
  await expect(page.getByRole('option', { name: /Reveal requests/ }).first()).toBeVisible();
  await page.waitForTimeout(600);
  await press(page, 'Escape');
  await press(page, 'Control+k');
  await page.keyboard.type('#pricing');
  await page.waitForTimeout(600);
  await press(page, 'Escape');

  expect(refused).toEqual([]);
});

test('an auditor lands on the audit log', async ({ page }) => {
  const auditor = await createUser(page.request, 'auditor');
  const refused = refusalsOf(page);
  await signInWith(page, auditor.email, auditor.password);
  await expect(page).toHaveURL(/\/app\/admin\/audit$/);
  await expect(page.getByRole('grid', { name: 'Audit log' }).getByRole('row').nth(1)).toBeVisible();
  expect(refused).toEqual([]);
});
