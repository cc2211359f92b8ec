import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';

import { E2E_DB } from './support/env';
import { createUser, openCaseFromPalette, press, signInWith } from './support/vigil';

test.use({ viewport: { width: 1440, height: 1000 } });

const DEMO_CASE = 'Departing employee: files to USB and personal mail';
const SHOTS = process.env.VIGIL_SHOTS_DIR;

/** The demo case with no reveal yet (a reused server may have some), and its id. */
function demoCaseWithoutReveals(title: string): string {
  const db = new Database(E2E_DB);
  try {
    const found = db.prepare('select id from investigations where title = ?').get(title) as
      { id: string } | undefined;
    if (!found) throw new Error(`No demo case titled ${title}`);
    db.prepare('delete from identity_reveals where investigation_id = ?').run(found.id);
    return found.id;
  } finally {
    db.close();
  }
}

test('the requester withdraws their own pending reveal request by keys (i w), after confirming', async ({
  page,
}) => {
  test.setTimeout(90_000);
  demoCaseWithoutReveals(DEMO_CASE);
  const analyst = await createUser(page.request, 'analyst');
  await signInWith(page, analyst.email, analyst.password);
  await openCaseFromPalette(page, DEMO_CASE);
  const subject = page.getByRole('region', { name: 'Subject' });

  // Nothing to withdraw yet: the key says so.
  await press(page, 'i w');
  await expect(
    page.getByText('You have no request waiting to reveal someone in this investigation.'),
  ).toBeVisible();

  // Ask (i d), then withdraw (i w): Cancel has the focus, Tab then Enter confirms.
  await press(page, 'i d');
  const ask = page.getByRole('dialog', { name: 'Reveal identity' });
  await expect(ask.getByLabel('Person')).toBeFocused();
  await press(page, 'Tab');
  await page.keyboard.type('Legal asked who sent the pricing files to a partner domain.');
  await press(page, 'Control+Enter');
  await expect(page.getByText('Request sent: a privacy officer decides it')).toBeVisible();
  await expect(subject).toContainText('waiting for a privacy officer');
  await expect(subject.getByRole('button', { name: /Withdraw request/ })).toBeVisible();

  await press(page, 'i w');
  const confirm = page.getByRole('dialog', { name: 'Withdraw reveal request' });
  await expect(confirm).toContainText('Legal asked who sent the pricing files');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/withdraw-reveal.png` });
  // Escape keeps the request.
  await press(page, 'Escape');
  await expect(confirm).toBeHidden();
  await expect(subject).toContainText('waiting for a privacy officer');

  await press(page, 'i w');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await press(page, 'Tab');
  await expect(confirm.getByRole('button', { name: 'Withdraw request' })).toBeFocused();
  await press(page, 'Enter');
  await expect(page.getByText(/^Request withdrawn: Person .* stays pseudonymized$/)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(subject).not.toContainText('waiting for a privacy officer');
  await expect(subject.getByRole('button', { name: /Withdraw request/ })).toHaveCount(0);
});
