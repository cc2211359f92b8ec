import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';

import { PSEUDONYM } from './support/people';
import { adminApi, createRole, createUser, press, signIn, signInWith } from './support/vigil';

test('the person open beside the directory stays highlighted, with one way to open a case about them', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await press(page, 'g p');
  const grid = page.getByRole('grid', { name: 'Employees' });
  const rows = grid.locator('[role="row"][aria-rowindex]:not([aria-rowindex="1"])');
  await expect(rows.nth(2)).toBeVisible();
  const aboutButtons = page.getByRole('button', { name: /^Open investigation about / });
  await expect(aboutButtons).toHaveCount(0);

  // Open the second person with the keyboard: arriving gave the grid the keys, j moves, Enter opens.
  await expect(grid).toBeFocused();
  await press(page, 'j');
  await press(page, 'Enter');
  const chosen = rows.nth(1);
  const name = (await chosen.getByRole('gridcell').nth(0).textContent()) ?? '';
  const id = (await chosen.getByRole('gridcell').nth(1).textContent()) ?? '';
  const panel = page.getByRole('complementary', { name: `Employee ${name}` });
  await expect(panel.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  await expect(grid.locator('[role="row"][aria-selected="true"]')).toHaveCount(1);

  // The cursor moves on; the open person keeps their highlight and the cursor row has none.
  await press(page, 'j');
  const cursorId = await grid.getAttribute('aria-activedescendant');
  await expect(rows.nth(2)).toHaveAttribute('id', cursorId ?? '');
  await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'false');
  await expect(chosen).toHaveAttribute('aria-selected', 'true');

  // Exactly one button opens a case about them, and Tab reaches it from the table.
  await expect(aboutButtons).toHaveCount(1);
  const open = panel.getByRole('button', {
    name: `Open investigation about ${name.split(' ')[0]}`,
  });
  for (let tabs = 0; tabs < 10; tabs++) {
    if (await open.evaluate((button) => button === document.activeElement)) break;
    await press(page, 'Tab');
  }
  await expect(open).toBeFocused();
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog', { name: 'New investigation' });
  await expect(dialog.getByLabel('Subject', { exact: true })).toHaveValue(id);
});

/**
 * Someone well below the first screenful of the directory, which lists people by name: by
 * pseudonym, as everyone shows by default (the same for every user of the installation).
 */
async function someoneFarDown(request: APIRequestContext) {
  const api = await adminApi(request);
  const reply = await api.get('/identity/employees?limit=5000');
  expect(reply.ok()).toBe(true);
  const { employees } = (await reply.json()) as { employees: { id: string; fullName: string }[] };
  const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const sorted = [...employees].sort((a, b) => byName.compare(a.fullName, b.fullName));
  expect(sorted.length).toBeGreaterThan(100);
  const person = sorted[Math.floor(sorted.length * 0.8)]!;
  expect(person.fullName).toMatch(PSEUDONYM);
  return person;
}

test('someone opened from the palette is scrolled into view, and c opens a case about them', async ({
  page,
}) => {
  const person = await someoneFarDown(page.request);
  await signIn(page, 'analyst');
  await press(page, 'g p');
  const grid = page.getByRole('grid', { name: 'Employees' });
  await expect(grid.locator('[role="row"][aria-rowindex="3"]')).toBeVisible();

  await press(page, 'Control+k');
  await page.keyboard.type(`@${person.fullName}`);
  await expect(page.getByRole('option', { name: new RegExp(person.id) }).first()).toBeVisible();
  await press(page, 'Enter');
  await expect(
    page.getByRole('complementary', { name: `Employee ${person.fullName}` }),
  ).toBeVisible();
  const opened = grid.locator('[role="row"][aria-selected="true"]');
  await expect(opened).toContainText(person.id);
  await expect(opened).toBeInViewport();
  // Arriving on the directory gives its grid the keys, with the cursor on that person.
  await expect(grid).toBeFocused();

  // c creates what the view is about: a case about the person on screen.
  await press(page, 'c');
  const dialog = page.getByRole('dialog', { name: 'New investigation' });
  await expect(dialog.getByLabel('Subject', { exact: true })).toHaveValue(person.id);
  await press(page, 'Escape');
  await expect(dialog).toHaveCount(0);

  // With nobody open, c opens the dialog with no subject chosen for the user.
  await page.getByRole('button', { name: 'Close employee', exact: true }).click();
  await press(page, 'c');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Subject', { exact: true })).toHaveValue('');
});

test('a link to someone far down the directory shows their row, and the keys carry on from it', async ({
  page,
}) => {
  const person = await someoneFarDown(page.request);
  await signIn(page, 'analyst');
  await page.goto(`/app/employees/?employee=${person.id}`);
  const grid = page.getByRole('grid', { name: 'Employees' });
  const opened = grid.locator('[role="row"][aria-selected="true"]');
  await expect(opened).toContainText(person.fullName);
  await expect(opened).toBeInViewport();
  await expect(grid).toBeFocused();

  // The cursor is on them too: j goes on to the next person down.
  const at = Number(await opened.getAttribute('aria-rowindex'));
  await press(page, 'j');
  await expect(grid.locator('[role="row"][data-cursor="true"]')).toHaveAttribute(
    'aria-rowindex',
    String(at + 1),
  );
});

test('a role that cannot create investigations gets no button for it, and the panel says why', async ({
  page,
}) => {
  const role = await createRole(page.request, 'Directory reader', [
    'investigations.read',
    'employees.read',
  ]);
  const reader = await createUser(page.request, role);
  await signInWith(page, reader.email, reader.password);
  await press(page, 'g p');
  const grid = page.getByRole('grid', { name: 'Employees' });
  await expect(grid.locator('[role="row"][aria-rowindex="3"]')).toBeVisible();
  const createButtons = page.getByRole('button', { name: /^Open investigation/ });
  await expect(createButtons).toHaveCount(0);

  await expect(grid).toBeFocused();
  await press(page, 'Enter');
  const panel = page.getByRole('complementary', { name: /^Employee / });
  await expect(panel).toContainText('Your role does not allow creating investigations.');
  await expect(createButtons).toHaveCount(0);

  // Nor does the investigations list offer one.
  await press(page, 'g i');
  await expect(page.getByRole('grid', { name: 'Investigations' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New investigation' })).toHaveCount(0);
});
