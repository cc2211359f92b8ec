import { expect, test } from '@playwright/test';

import { press, signIn } from './support/vigil';

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

  // Open the second person with the keyboard: the cursor goes there with j, Enter opens.
  await grid.focus();
  await press(page, 'j');
  await press(page, 'Enter');
  const chosen = rows.nth(1);
  const name = (await chosen.getByRole('gridcell').nth(0).textContent()) ?? '';
  const id = (await chosen.getByRole('gridcell').nth(1).textContent()) ?? '';
  const panel = page.getByRole('complementary', { name: `Employee ${name}` });
  await expect(panel.getByRole('heading', { name })).toBeVisible();
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
