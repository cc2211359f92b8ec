import { expect, test } from '@playwright/test';

import { press, seedInvestigation, signIn } from './support/vigil';

test('s on an incident sets its status from the palette’s choices', async ({ page }) => {
  await signIn(page, 'admin');
  await press(page, 'Control+k');
  await page.keyboard.type('#Data archived, then moved out');
  // Other journeys open cases about the same person, with the same incident: the demo case's
  // is the one whose row names it (the case comes first in each row's detail).
  const wanted = page
    .getByRole('option', { name: /Data archived, then moved out.*files to USB and personal mail/ })
    .first();
  await expect(wanted).toBeVisible();
  for (let i = 0; i < 10 && (await wanted.getAttribute('aria-selected')) !== 'true'; i++) {
    await press(page, 'ArrowDown');
  }
  await expect(wanted).toHaveAttribute('aria-selected', 'true');
  await press(page, 'Enter');
  const title = page.getByRole('heading', { name: 'Data archived, then moved out' });
  await expect(title).toBeVisible();
  await press(page, 's');
  await expect(page.getByRole('option', { name: /Acknowledged/ })).toBeVisible();
  await page.keyboard.type('acknowledged');
  await press(page, 'Enter');
  await expect(page.getByText(/acknowledged by Administrator/i)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/acknowledged by Administrator/i)).toBeVisible();
});

test('i s sets the status of the investigation on screen', async ({ page }) => {
  const item = await seedInvestigation(page.request, `Triage keys ${Date.now()}`);
  await signIn(page, 'analyst');
  await page.goto(`/app/investigations/${item.id}`);
  await expect(page.getByRole('heading', { name: item.title })).toBeVisible();
  await press(page, 'i s');
  await expect(page.getByRole('option', { name: /In review/ })).toBeVisible();
  await page.keyboard.type('escalated');
  await press(page, 'Enter');
  await expect(page.locator('dd').filter({ hasText: /^Escalated$/ })).toBeVisible();
});
