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

test('the case record by keys: write a note, amend it, close with an outcome, reopen', async ({
  page,
}) => {
  const title = `Notes journey ${Date.now()}`;
  await seedInvestigation(page.request, title);
  await signIn(page, 'admin');
  await openCaseFromPalette(page, title);
  const history = page.getByRole('list', { name: 'Case history, newest first' });
  await expect(history).toContainText('opened the investigation');

  // i n: the composer; Markdown is shown as Markdown, never as HTML.
  await press(page, 'i n');
  const composer = page.getByRole('dialog', { name: 'Write a note' });
  await expect(composer.getByLabel('Note')).toBeFocused();
  await page.keyboard.type(
    '**USB copy** of `customers.xlsx` at 18:02 <img src=x onerror=alert(1)>',
  );
  await press(page, 'Control+Enter');
  await expect(composer).toBeHidden();
  const firstNote = history.getByRole('article').first();
  await expect(firstNote.locator('strong')).toHaveText('USB copy');
  await expect(firstNote.locator('code')).toHaveText('customers.xlsx');
  await expect(firstNote).toContainText('<img src=x onerror=alert(1)>');
  await expect(firstNote.locator('img')).toHaveCount(0);

  // The palette's "Amend a Note…" asks which note, then writes a correction naming it.
  await runFromPalette(page, 'Amend a Note');
  await expect(page.getByRole('option', { name: /USB copy/ })).toBeVisible();
  await press(page, 'Enter');
  const amend = page.getByRole('dialog', { name: 'Amend a note' });
  await expect(amend).toContainText('Correcting: **USB copy**');
  await expect(amend.getByLabel('Correction')).toBeFocused();
  await page.keyboard.type('Correction: the copy was at *17:02 UTC*.');
  await press(page, 'Control+Enter');
  await expect(amend).toBeHidden();
  const correction = history.getByRole('article').first();
  await expect(correction).toContainText('Corrects the note of');
  await expect(correction.locator('em')).toHaveText('17:02 UTC');
  await expect(history).toContainText('amended a note');
  await shot(page, 'notes');

  // Set status → Closed goes to the close dialog: no closing without an outcome.
  await press(page, 'i s');
  await page.keyboard.type('Closed');
  await press(page, 'Enter');
  const close = page.getByRole('dialog', { name: 'Close investigation' });
  await expect(close.getByLabel('Outcome')).toBeFocused();
  await press(page, 'ArrowDown');
  await expect(close.getByLabel('Outcome')).toHaveValue('confirmed_violation');
  await press(page, 'Tab');
  await expect(close.getByLabel('Reason')).toBeFocused();
  await page.keyboard.type(
    'Customer files copied to a personal USB drive two days before leaving.',
  );
  await shot(page, 'close-dialog');
  await press(page, 'Control+Enter');
  await expect(close).toBeHidden();

  const outcome = page.getByRole('region', { name: /Closed: Confirmed policy violation/ });
  await expect(outcome).toContainText('Customer files copied to a personal USB drive');
  await expect(history).toContainText(
    'closed the investigation as Confirmed policy violation: Customer files copied',
  );
  const write = page.getByRole('button', { name: /Write a note/ });
  await expect(write).toHaveAttribute('aria-disabled', 'true');
  // The key says why instead of opening the composer.
  await press(page, 'i n');
  await expect(
    page.getByText(/This investigation is closed: reopen it first/).first(),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Write a note' })).toHaveCount(0);
  await shot(page, 'closed');

  // Reopening asks why.
  await runFromPalette(page, 'Reopen Investigation');
  const reopen = page.getByRole('dialog', { name: 'Reopen investigation' });
  await expect(reopen.getByLabel('Reason')).toBeFocused();
  await page.keyboard.type('HR found a second drive.');
  await press(page, 'Control+Enter');
  await expect(reopen).toBeHidden();
  await expect(outcome).toHaveCount(0);
  await expect(history).toContainText('reopened the investigation: HR found a second drive.');
  await expect(write).not.toHaveAttribute('aria-disabled', 'true');
  await shot(page, 'reopened');
});

test('several incidents change status at once, with a reason, through the bulk endpoint', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await openCaseFromPalette(page, 'Departing employee: files to USB and personal mail');
  await press(page, 'g t');
  const grid = page.getByRole('grid', { name: 'Incidents' });
  await expect(grid.getByRole('row').nth(2)).toBeVisible();
  await tabTo(page, grid);
  await press(page, 'x j x');
  const bulk = page.waitForRequest((request) => request.url().endsWith('/incidents/bulk'));
  await press(page, 's');
  await page.keyboard.type('acknowledged');
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog', { name: 'Set 2 incidents to Acknowledged' });
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await page.keyboard.type('Weekly triage: both are being looked at.');
  await press(page, 'Control+Enter');
  const sent = await bulk;
  expect(sent.postDataJSON()).toMatchObject({
    status: 'acknowledged',
    reason: 'Weekly triage: both are being looked at.',
  });
  await expect(page.getByText('2 incidents acknowledged')).toBeVisible();
  await expect(grid.getByText('Acknowledged')).toHaveCount(2);
  await shot(page, 'bulk-incidents');

  // Leave the demo case as other journeys expect it (setup through the API, not the behaviour).
  const restore = await page.request.post(sent.url(), {
    data: { ...sent.postDataJSON(), status: 'open', reason: 'Journey clean-up.' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(restore.status()).toBe(200);
});
