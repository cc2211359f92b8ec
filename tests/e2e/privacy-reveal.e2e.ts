import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { E2E_DB } from './support/env';
import { createUser, openCaseFromPalette, press, signIn, signInWith } from './support/vigil';

test.use({ viewport: { width: 1440, height: 1000 } });

/** A demo case of the generated organization, and its subject's real name (for the assertion). */
const DEMO_CASE = 'Departing employee: files to USB and personal mail';

/** The demo case's id and subject's name, with no reveal yet (a reused server may have one). */
function demoCase(): { id: string; name: string } {
  const db = new Database(E2E_DB);
  try {
    const found = db
      .prepare(
        `select i.id as id, e.full_name as name from investigations i
         join employees e on e.id = i.subject_employee_id where i.title = ?`,
      )
      .get(DEMO_CASE) as { id: string; name: string };
    db.prepare('delete from identity_reveals where investigation_id = ?').run(found.id);
    return found;
  } finally {
    db.close();
  }
}

async function paletteRun(page: Page, text: string, option: RegExp) {
  await press(page, 'Control+k');
  await page.keyboard.type(text);
  await expect(page.getByRole('option', { name: option }).first()).toBeVisible();
  await press(page, 'Enter');
}

async function signOut(page: Page) {
  await paletteRun(page, 'Sign Out', /Sign Out/);
  await expect(page).toHaveURL(/\/auth/);
}

const SHOTS = process.env.VIGIL_SHOTS_DIR;

const subjectCard = (page: Page) => page.getByRole('region', { name: 'Subject' });

test('an analyst asks to reveal a subject, a privacy officer approves, the name shows in the case and the audit log has both', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const target = demoCase();
  const analyst = await createUser(page.request, 'analyst');
  const officer = await createUser(page.request, 'privacy_officer');

  // The analyst sees the subject by pseudonym, and asks to reveal who it is (i d).
  await signInWith(page, analyst.email, analyst.password);
  await openCaseFromPalette(page, DEMO_CASE);
  await expect(subjectCard(page)).toContainText(/Person [0-9A-Z]{4}-[0-9A-Z]{4}/);
  await expect(subjectCard(page)).toContainText('pseudonymized');
  await expect(subjectCard(page)).not.toContainText(target.name);
  await press(page, 'i d');
  const dialog = page.getByRole('dialog', { name: 'Reveal identity' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Person')).toBeFocused();
  await expect(dialog.getByLabel('Person')).toContainText('(subject)');
  await press(page, 'Tab');
  await expect(dialog.getByLabel('Purpose')).toBeFocused();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reveal-dialog.png` });
  await page.keyboard.type('HR asked who copied the pricing files before the exit interview.');
  await press(page, 'Control+Enter');
  await expect(page.getByText('Request sent: a privacy officer decides it')).toBeVisible();
  await expect(dialog).toBeHidden();
  await signOut(page);

  // The privacy officer approves it from Reveal requests (a), seeing no name.
  await signInWith(page, officer.email, officer.password);
  await paletteRun(page, 'Reveal requests', /Reveal requests/);
  await expect(page.getByRole('heading', { name: 'Reveal requests', exact: true })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reveal-requests.png` });
  const grid = page.getByRole('grid', { name: 'Reveal requests' });
  const row = grid.getByRole('row').filter({ hasText: DEMO_CASE });
  await expect(row).toContainText('Pending');
  await expect(grid).not.toContainText(target.name);
  await press(page, 'a');
  await expect(page.getByText(/^Approved: Person .* revealed in/)).toBeVisible();
  await expect(row).toContainText('Granted until');
  await signOut(page);

  // The analyst now sees the name in that case.
  await signInWith(page, analyst.email, analyst.password);
  await openCaseFromPalette(page, DEMO_CASE);
  await expect(subjectCard(page)).toContainText(target.name);
  await expect(subjectCard(page)).toContainText('revealed');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/case-revealed.png` });
  await signOut(page);

  // The admin finds the request and the approval on the audit screen, filtered to the case.
  await signIn(page, 'admin');
  // `>` lists commands only: an integration named "… audit log" is not a screen.
  await paletteRun(page, '>Audit log', /Go to Audit log/);
  await expect(page.getByRole('heading', { name: 'Audit log', exact: true })).toBeVisible();
  await press(page, 'f');
  await expect(page.getByLabel('Filter by user')).toBeFocused();
  await press(page, 'Tab Tab');
  await expect(page.getByLabel('Filter by case')).toBeFocused();
  await page.keyboard.type(target.id);
  await press(page, 'Tab');
  await page.keyboard.type('identity.reveal');
  await press(page, 'Enter');
  const audit = page.getByRole('grid', { name: 'Audit log' });
  const entry = (action: string, actor: string) =>
    audit.getByRole('row').filter({ hasText: action }).filter({ hasText: actor });
  await expect(entry('identity.reveal.request', analyst.email)).toHaveCount(1);
  await expect(entry('identity.reveal.approve', officer.email)).toHaveCount(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/audit-reveals.png` });
});
