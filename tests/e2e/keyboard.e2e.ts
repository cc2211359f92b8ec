import { expect, test } from '@playwright/test';

import { openCaseFromPalette, press, seedInvestigation, signIn, tabTo } from './support/vigil';

test('the palette reaches an investigation by its title', async ({ page }) => {
  const target = await seedInvestigation(page.request, `Palette target ${Date.now()}`);
  await signIn(page, 'analyst');
  await press(page, 'Control+k');
  await expect(page.locator('.palette-input')).toBeFocused();
  await page.keyboard.type(`#${target.title}`);
  await expect(page.getByRole('option', { name: new RegExp(target.title) })).toBeVisible();
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: target.title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/investigations/${target.id}$`));
});

test('g sequences go to screens, with an indicator while a sequence is pending', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await press(page, 'g');
  await expect(page.getByTestId('chord-indicator')).toHaveText('G…');
  await press(page, 'i');
  await expect(page.getByRole('heading', { name: 'Investigations' })).toBeVisible();
  await expect(page.getByTestId('chord-indicator')).toHaveCount(0);
  await press(page, 'g p');
  await expect(page.getByRole('heading', { name: 'Employees' })).toBeVisible();
  await press(page, 'g u');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await press(page, 'g a');
  await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
  await press(page, 'g d');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('two investigations side by side, focus moves between panes, and the link reproduces the split', async ({
  page,
}) => {
  const left = await seedInvestigation(page.request, `Left case ${Date.now()}`, 'E10002');
  const right = await seedInvestigation(page.request, `Right case ${Date.now()}`, 'E10007');
  await signIn(page, 'analyst');
  await page.goto(`/app/investigations/${left.id}/evidence-locker/file-access`);
  await expect(page.getByRole('heading', { name: left.title })).toBeVisible();
  await press(page, 'Control+\\');
  const panes = page.locator('.pane');
  await expect(panes).toHaveCount(2);
  await press(page, 'Control+k');
  await page.keyboard.type(`#${right.title}`);
  await expect(page.getByRole('option', { name: new RegExp(right.title) })).toBeVisible();
  await press(page, 'Enter');
  await expect(panes.nth(1).getByRole('heading', { name: right.title })).toBeVisible();
  await expect(panes.nth(0).getByRole('heading', { name: left.title })).toBeVisible();
  await press(page, 'e f');
  await expect(page).toHaveURL(
    new RegExp(`/app/investigations/${right.id}/evidence-locker/file-access#left=`),
  );
  await press(page, 'w h');
  await expect(panes.nth(0)).toHaveAttribute('data-focused', 'true');
  await expect(page).toHaveURL(
    new RegExp(`/app/investigations/${left.id}/evidence-locker/file-access#right=`),
  );
  const link = page.url();
  await page.goto('/app/');
  await page.goto(link);
  await expect(page.locator('.pane')).toHaveCount(2);
  await expect(
    page.locator('.pane').nth(1).getByRole('heading', { name: right.title }),
  ).toBeVisible();
});

test('moves through a table with j and k and opens a row with o', async ({ page }) => {
  const first = await seedInvestigation(page.request, `AAA table row ${Date.now()}`);
  await signIn(page, 'analyst');
  await press(page, 'g i');
  const grid = page.getByRole('grid', { name: 'Investigations' });
  await expect(grid).toBeVisible();
  await press(page, '/');
  await page.keyboard.type(first.title);
  // Down leaves the filter box for the rows it filtered.
  await press(page, 'ArrowDown');
  await expect(grid).toBeFocused();
  await expect(grid.getByRole('row', { name: new RegExp(first.title) })).toBeVisible();
  await press(page, 'j');
  await press(page, 'k');
  await press(page, 'o');
  await expect(page.getByRole('heading', { name: first.title })).toBeVisible();
});

test('arriving on a list gives it the keys: g i, then j, k and Enter open the second case', async ({
  page,
}) => {
  await seedInvestigation(page.request, `Arrival first ${Date.now()}`);
  await seedInvestigation(page.request, `Arrival second ${Date.now()}`);
  await signIn(page, 'analyst');
  await press(page, 'g i');
  const grid = page.getByRole('grid', { name: 'Investigations' });
  await expect(grid).toBeFocused();
  // Row 0 is the header; the newest case comes first.
  const second = grid.getByRole('row').nth(2);
  await expect(second).toBeVisible();
  const title = (await second.getByRole('gridcell').first().innerText()).trim();
  await press(page, 'j j k');
  await expect(second).toHaveAttribute('data-cursor', 'true');
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // The case's incident list and an evidence table take the keys the same way.
  await press(page, 'g t');
  await expect(page.getByRole('grid').first()).toBeFocused();
  await press(page, 'e f');
  await expect(page.getByRole('grid').first()).toBeFocused();
});

test('the palette goes to the tab that already shows a case instead of opening it again', async ({
  page,
}) => {
  const target = await seedInvestigation(page.request, `Open once ${Date.now()}`);
  await signIn(page, 'analyst');
  const tabs = page.getByRole('tablist', { name: 'Workspace tabs' }).getByRole('tab');
  await openCaseFromPalette(page, target.title);
  await press(page, 'e f');
  await expect(page).toHaveURL(/\/evidence-locker\/file-access$/);
  await press(page, 't n');
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await openCaseFromPalette(page, target.title);
  // Tab 1 is shown again, still on the page it was at; tab 2 stays where it was.
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(
    new RegExp(`/app/investigations/${target.id}/evidence-locker/file-access$`),
  );
  await press(page, 't 2');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('side by side, each pane’s table keeps its key columns in view and leaves out the rest', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'analyst');
  await press(page, 'g i');
  await expect(page.getByRole('grid', { name: 'Investigations' })).toBeFocused();
  await press(page, 'Control+\\');
  const panes = page.locator('.pane');
  await expect(panes).toHaveCount(2);
  await openCaseFromPalette(page, 'Departing employee: files to USB and personal mail');
  await press(page, 'g t');
  const incidents = panes.nth(1).getByRole('grid', { name: 'Incidents' });
  await expect(incidents).toBeFocused();

  const expectColumns = async (pane: number, grid: string, wanted: string[]) => {
    const table = panes.nth(pane).getByRole('grid', { name: grid });
    await expect(table.getByRole('columnheader')).toHaveText(wanted);
    // Every header shown sits inside its pane: nothing to scroll sideways for.
    const box = (await panes.nth(pane).boundingBox())!;
    for (const header of await table.getByRole('columnheader').all()) {
      const cell = (await header.boundingBox())!;
      expect(cell.x).toBeGreaterThanOrEqual(box.x);
      expect(cell.x + cell.width).toBeLessThanOrEqual(box.x + box.width);
    }
  };
  await expectColumns(0, 'Investigations', ['Title', 'Status', 'Risk']);
  await expectColumns(1, 'Incidents', ['Severity', 'Incident', 'Status']);
  await page.screenshot({ path: 'test-results/split-view.png' });

  // Closing the split gives the table its room back.
  await press(page, 'Control+\\');
  await expect(page.getByRole('grid', { name: 'Incidents' }).getByRole('columnheader')).toHaveText([
    'Severity',
    'Incident',
    'Techniques',
    'Status',
    /^First seen/,
    'Events',
  ]);
});

test('? shows the shortcuts of the current view', async ({ page }) => {
  await signIn(page, 'analyst');
  await press(page, 'Shift+Slash');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts in this view' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Go to Investigations')).toBeVisible();
  await expect(sheet.getByText('G I', { exact: true })).toBeVisible();
  // A family of keys is one row in words: never "Go to Tab: 1" … "Go to Tab: 9".
  await expect(sheet.getByText('Go to Tab by Number')).toBeVisible();
  await expect(sheet.getByText('T 1–9', { exact: true })).toBeVisible();
  await expect(sheet.getByText(/Go to Tab: |In Mode/)).toHaveCount(0);
  await press(page, 'Escape');
  await expect(sheet).toHaveCount(0);
});

test('a key rebound in settings works after a reload', async ({ page }) => {
  await signIn(page, 'analyst');
  await press(page, 'g s');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await tabTo(page, page.getByLabel('Key', { exact: true }));
  await page.keyboard.type('g y');
  await press(page, 'Enter');
  await expect(page.getByText('"key":"g y","command":"nav.dashboard"')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Save settings' }), { back: true });
  await press(page, 'Enter');
  await expect(page.getByText('Keyboard settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByText('"key":"g y"')).toBeVisible();
  await press(page, 'g p');
  await expect(page.getByRole('heading', { name: 'Employees' })).toBeVisible();
  await press(page, 'g y');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
