import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { openCaseFromPalette, press, seedInvestigation, signIn, tabTo } from './support/vigil';

test.use({ viewport: { width: 1440, height: 1000 } });

const SHOTS = process.env.VIGIL_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Runs a palette command by its title, keys only. */
async function runFromPalette(page: Page, title: string) {
  await press(page, 'Control+Shift+k');
  await page.keyboard.type(title);
  await expect(page.getByRole('option', { name: new RegExp(title) }).first()).toBeVisible();
  await press(page, 'Enter');
}

test('a legal hold by keys: placed with a reason, shown in the header and history, lifted', async ({
  page,
}) => {
  const title = `Legal hold journey ${Date.now()}`;
  await seedInvestigation(page.request, title);
  await signIn(page, 'admin');
  await openCaseFromPalette(page, title);
  const header = page.locator('header').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(header.getByText('Legal hold', { exact: true })).toHaveCount(0);

  await runFromPalette(page, 'Place Legal Hold');
  const place = page.getByRole('dialog', { name: 'Place legal hold' });
  await expect(place.getByLabel('Reason')).toBeFocused();
  await page.keyboard.type('Counsel expects litigation over the customer list.');
  await shot(page, 'legal-hold-dialog');
  await press(page, 'Control+Enter');
  await expect(place).toBeHidden();
  await expect(header.getByText('Legal hold', { exact: true })).toBeVisible();
  const history = page.getByRole('list', { name: 'Case history, newest first' });
  await expect(history).toContainText(
    'placed the investigation on legal hold: Counsel expects litigation',
  );
  await shot(page, 'legal-hold-badge');

  // Placing it again is not offered: the palette says why.
  await press(page, 'Control+Shift+k');
  await page.keyboard.type('Place Legal Hold');
  await expect(page.getByRole('option', { name: /Place Legal Hold/ }).first()).toContainText(
    'on legal hold already',
  );
  await press(page, 'Escape');

  await runFromPalette(page, 'Lift Legal Hold');
  const lift = page.getByRole('dialog', { name: 'Lift legal hold' });
  await expect(lift.getByLabel('Reason')).toBeFocused();
  await page.keyboard.type('Counsel released the matter.');
  await press(page, 'Control+Enter');
  await expect(lift).toBeHidden();
  await expect(header.getByText('Legal hold', { exact: true })).toHaveCount(0);
  await expect(history).toContainText('lifted the legal hold: Counsel released the matter.');
});

test('retention by keys: the periods on the privacy settings screen, and a run now', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await press(page, 'Control+k');
  await page.keyboard.type('/privacy settings');
  await expect(page.getByRole('option', { name: /Privacy settings/ }).first()).toBeVisible();
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: 'Retention' })).toBeVisible();
  const events = page.getByLabel('Events (days)');
  await expect(events).toHaveValue('180');
  await expect(page.getByText('About 7 years.').first()).toBeVisible();

  // An events period shorter than the demo's open cases look back is refused, naming a case.
  await tabTo(page, events);
  await press(page, 'Control+a');
  await page.keyboard.type('3');
  await press(page, 'Enter');
  await expect(
    page.getByText(/Events must be kept for at least \d+ days: the open case/),
  ).toBeVisible();

  // Run now says what it will remove and asks first; Cancel has the focus.
  await tabTo(page, page.getByRole('button', { name: 'Run now' }));
  await press(page, 'Enter');
  const confirm = page.getByRole('dialog', { name: 'Run retention now?' });
  await expect(confirm).toContainText(/Retention will remove [\d,]+ events? Vigil received before/);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot(page, 'retention-run-confirm');
  await press(page, 'Tab');
  await expect(confirm.getByRole('button', { name: 'Remove now' })).toBeFocused();
  await press(page, 'Enter');
  await expect(confirm).toBeHidden();
  const summary = page.getByRole('region', { name: 'This run' });
  // How many depends on what journeys before this one uploaded (older exports may be there).
  await expect(summary).toContainText(/removed [\d,]+ events? from before/);
  await shot(page, 'retention-settings');
});
