import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { E2E_PORT } from './support/env';
import { adminApi, openCaseFromPalette, press, seedInvestigation, signIn } from './support/vigil';

test.use({ viewport: { width: 1440, height: 900 } });

const SHOTS = process.env.VIGIL_SHOTS_DIR;
const CLOSED = 'This investigation is closed: reopen it first (Reopen Investigation…).';
const NO_REVEAL =
  'This investigation is closed: reopen it before asking to see who anyone in it is.';

/** A case closed with an outcome (setup through the API, as the admin). */
async function closedCase(page: Page): Promise<string> {
  const title = `Closed case ${Date.now()}`;
  const created = await seedInvestigation(page.request, title);
  await adminApi(page.request);
  const closed = await page.request.patch(`/api/app/investigations/${created.id}`, {
    data: { status: 'closed', outcome: 'benign', outcomeReason: 'The approved backup job.' },
    headers: { origin: `http://127.0.0.1:${E2E_PORT}` },
  });
  expect(closed.status()).toBe(200);
  return title;
}

/** The toast a refused command shows: its title and the reason. */
const refusal = (page: Page, title: string, reason: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: reason });

test('a closed case says why its commands do nothing: keys, the ? sheet, the palette, the note box and pinning', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = await closedCase(page);
  await signIn(page, 'admin');
  await openCaseFromPalette(page, title);
  await expect(page.getByRole('note').filter({ hasText: 'This case is closed' })).toBeVisible();

  // i n and i d say why, and open nothing.
  await press(page, 'i n');
  await expect(refusal(page, 'Write a Note', CLOSED)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Write a note' })).toHaveCount(0);
  await press(page, 'i d');
  await expect(refusal(page, 'Reveal Identity', NO_REVEAL)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Reveal identity' })).toHaveCount(0);
  await press(page, 'i r');
  await expect(refusal(page, 'Set Investigation Risk', CLOSED)).toBeVisible();
  await press(page, 'i a');
  await expect(refusal(page, 'Assign Investigation', CLOSED)).toBeVisible();

  // The ? sheet lists them with the reason.
  await press(page, 'Shift+Slash');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts in this view' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(`Write a Note · ${CLOSED}`);
  await expect(sheet).toContainText(`Reveal Identity · ${NO_REVEAL}`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/closed-case-shortcuts.png` });
  await press(page, 'Escape');
  await expect(sheet).toBeHidden();

  // So does the palette.
  await press(page, 'Control+k');
  await page.keyboard.type('Write a Note');
  const entry = page.getByRole('option', { name: /Write a Note/ }).first();
  await expect(entry).toContainText(CLOSED);
  await expect(entry).toHaveAttribute('aria-disabled', 'true');
  await press(page, 'Escape');

  // p on the subject timeline says so before any dialog opens.
  await press(page, 'g l');
  await expect(page.getByRole('heading', { name: 'Subject timeline' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Subject timeline' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await expect(grid).toBeFocused();
  await press(page, 'p');
  await expect(refusal(page, 'Pin to Evidence', CLOSED)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Pin to evidence' })).toHaveCount(0);
});
