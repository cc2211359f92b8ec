import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { openCaseFromPalette, press, signIn, tabTo } from './support/vigil';

/** Demo cases of the generated organization (src/server/demo/demo-data.ts). */
const DEPARTING = 'Departing employee: files to USB and personal mail';
const MASS_CLONING = 'Mass cloning of code repositories';
const TAMPERING = 'Security tools disabled through PowerShell';

/** The evidence locker's file-access page of the departing-employee case, reached by keys. */
async function openFileAccess(page: Page) {
  await signIn(page, 'analyst');
  await openCaseFromPalette(page, DEPARTING);
  await press(page, 'g e');
  await expect(page).toHaveURL(/\/evidence-locker$/);
  await press(page, 'e f');
  await expect(page).toHaveURL(/\/evidence-locker\/file-access$/);
  await expect(page.getByRole('heading', { name: 'File access', level: 2 })).toBeVisible();
}

/** `/` filters the file list to the files that went to USB; Down moves into its rows. */
async function filesToUsb(page: Page) {
  const files = page.getByRole('grid', { name: 'Files (All Files)' });
  await expect(files.getByRole('row').nth(1)).toBeVisible();
  await press(page, '/');
  await expect(page.getByRole('searchbox', { name: 'Filter Files (All Files)' })).toBeFocused();
  await page.keyboard.type('USB');
  await press(page, 'ArrowDown');
  await expect(files).toBeFocused();
  await expect(files.getByRole('row').nth(1)).toContainText('USB');
  await expect(files.getByRole('row').nth(1)).toHaveAttribute('data-cursor', 'true');
  return files;
}

test('file access: USB in the sankey, a labelled file, its events and its raw record by keyboard', async ({
  page,
}) => {
  await openFileAccess(page);

  // The flow diagram and its sentence say that labelled files went to USB.
  const sankey = page.getByRole('img', { name: /Flows of files from sensitivity label/ });
  await expect(sankey.locator('text', { hasText: 'USB / removable media' }).first()).toBeVisible();
  const flows = page.getByLabel('Flows out of company storage');
  await expect(flows).toContainText('USB / removable media');
  await expect(flows).toContainText(/Sensitive labels among them: .*Confidential/);

  // The file list puts files that left first; / filters it to the files that went to USB and
  // Down moves into the rows, where the top row is a labelled file that went to USB.
  const files = await filesToUsb(page);
  const first = files.getByRole('row').nth(1);
  await expect(first).toContainText(/Confidential|Unlabeled/);
  const fileName = (await first.getByRole('gridcell').first().innerText()).trim();

  // o lists the file's events in a dialog whose list has the focus; o again shows the raw record.
  await press(page, 'o');
  const dialog = page.getByRole('dialog', { name: `Events of ${fileName}` });
  await expect(dialog).toBeVisible();
  const events = dialog.getByRole('grid', { name: 'File events' });
  await expect(events).toBeFocused();
  await expect(events.getByRole('row', { name: /Wrote to removable media/ }).first()).toBeVisible();
  // The file's whole journey is listed; / filters it to the copy to USB, Down goes back into
  // the rows and o shows that event's raw record.
  await press(page, '/');
  await expect(dialog.getByRole('searchbox', { name: 'Filter File events' })).toBeFocused();
  await page.keyboard.type('removable');
  await press(page, 'ArrowDown');
  await expect(events).toBeFocused();
  await expect(events.locator('[data-cursor="true"]')).toContainText('Wrote to removable media');
  await press(page, 'o');
  const record = page.getByRole('dialog', { name: 'Event' });
  await expect(record.getByText('Raw record')).toBeVisible();
  await expect(record.getByText('file_destination')).toBeVisible();
  await expect(record.locator('pre').last()).toContainText(fileName);

  // Escape steps back to the events, then closes, and the files list has the focus again.
  await press(page, 'Escape');
  await expect(events).toBeFocused();
  await press(page, 'Escape');
  await expect(dialog).toBeHidden();
  await expect(files).toBeFocused();
});

test('pin a file row with a note and find it in the locker’s pinned evidence', async ({ page }) => {
  await openFileAccess(page);
  const files = await filesToUsb(page);
  const fileName = (
    await files.getByRole('row').nth(1).getByRole('gridcell').first().innerText()
  ).trim();

  await press(page, 'p');
  const pinDialog = page.getByRole('dialog', { name: 'Pin to evidence' });
  await expect(pinDialog).toContainText(fileName);
  const note = `Copied to USB after the resignation (${Date.now()})`;
  await page.keyboard.type(note);
  await press(page, 'Control+Enter');
  await expect(pinDialog).toBeHidden();
  await expect(page.getByText('Pinned to evidence')).toBeVisible();

  // The locker's summary lists the pin: what, from which page, the note and who pinned it.
  await press(page, 'g e');
  const pinned = page.getByRole('grid', { name: 'Pinned evidence' });
  const row = pinned.getByRole('row', {
    name: new RegExp(fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  });
  await expect(row).toContainText(note);
  await expect(row).toContainText('File access');
  await expect(row).toContainText('Analyst');
});

test('the locker navigation carries each page’s anomaly count', async ({ page }) => {
  await openFileAccess(page);
  const id = /investigations\/([^/]+)\//.exec(page.url())?.[1] ?? '';
  const reply = await page.request.get(`/api/app/investigations/${id}/evidence/anomaly-counts`);
  const { counts } = (await reply.json()) as { counts: Record<string, number> };
  expect(counts['file-access']).toBeGreaterThan(0);
  expect(counts.devices).toBeGreaterThan(0);

  const nav = page.getByRole('navigation', { name: 'Evidence pages' });
  for (const [name, slug] of [
    ['File access', 'file-access'],
    ['Devices', 'devices'],
    ['Code repositories', 'code-repos'],
  ] as const) {
    await expect(nav.getByRole('link', { name: new RegExp(`^${name}`) })).toContainText(
      String(counts[slug]),
    );
  }
  await expect(nav.getByLabel(`${counts['file-access']} anomalies`).first()).toBeVisible();
});

test('code repositories of the mass-cloning case show the bulk clone day and its clones', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openCaseFromPalette(page, MASS_CLONING);
  await press(page, 'e r');
  await expect(page).toHaveURL(/\/evidence-locker\/code-repos$/);

  const bulk = page.getByRole('list', { name: 'Bulk clone days' });
  const day = bulk.getByRole('button').first();
  await expect(day).toContainText(/\d{4}-\d{2}-\d{2}/);
  const repositories = Number(/(\d+) repositories/.exec(await day.innerText())?.[1] ?? 0);
  expect(repositories).toBeGreaterThanOrEqual(10);

  // The repository list marks them new; the bulk day opens the clone events behind it.
  await expect(
    page.getByRole('grid', { name: 'Repositories' }).getByText('new').first(),
  ).toBeVisible();
  await tabTo(page, day);
  await press(page, 'Enter');
  const events = page.getByRole('dialog', { name: /Clones and archive downloads of/ });
  const grid = events.getByRole('grid');
  await expect(grid).toBeFocused();
  await expect(grid.getByRole('row', { name: /clone/i }).first()).toBeVisible();
});

test('PowerShell of the tampering case: Defender switched off is flagged and opens in full', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await openCaseFromPalette(page, TAMPERING);
  await press(page, 'e p');
  await expect(page).toHaveURL(/\/evidence-locker\/powershell-commands$/);

  const commands = page.getByRole('grid', { name: 'Suspicious commands' });
  const tampering = commands.getByRole('row', { name: /T1562\.001.*Set-MpPreference/ }).first();
  await expect(tampering).toContainText(/high|critical/i);

  // Walk down to it with j, then Enter shows the whole normalized command.
  // The page's main grid took the keys on arrival.
  await expect(commands).toBeFocused();
  const target = Number(await tampering.getAttribute('aria-rowindex')) - 2;
  for (let i = 0; i < target; i++) await press(page, 'j');
  await press(page, 'Enter');
  await expect(page.locator('pre.evidence-command')).toContainText('Set-MpPreference');
});
