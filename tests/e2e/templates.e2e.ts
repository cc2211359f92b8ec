import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { press, signIn, tabTo } from './support/vigil';

test.use({ viewport: { width: 1440, height: 900 } });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/templates-${name}.png` });
}

/** Runs a palette entry by typing its words and pressing Enter, as a person would. */
async function fromPalette(page: Page, words: string, option: RegExp): Promise<void> {
  await press(page, 'Control+k');
  await page.keyboard.type(words);
  const palette = page.locator('[data-overlay="palette"]');
  await expect(palette.getByRole('option').first()).toHaveAccessibleName(option);
  await press(page, 'Enter');
}

/** Picks an entry on a multi-step command's next palette page by typing part of it. */
async function choose(page: Page, words: string, option: RegExp): Promise<void> {
  const palette = page.locator('[data-overlay="palette"]');
  await expect(palette.getByRole('option').first()).toBeVisible();
  await page.keyboard.type(words);
  await expect(palette.getByRole('option').first()).toHaveAccessibleName(option);
  await press(page, 'Enter');
}

test('templates by keys: the shipped ones, n to create one, e to edit it, Delete to remove it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  await fromPalette(page, 'Go to Templates', /Go to Templates/);
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Templates' });
  await expect(grid).toBeFocused();
  for (const name of ['Data leak', 'Departing employee data theft', 'Security policy violation'])
    await expect(grid.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  // Enter shows the template under the cursor beside the list, read only.
  await press(page, 'Enter');
  const detail = page.getByRole('complementary', { name: 'Template Data leak' });
  await expect(detail.getByRole('listitem')).toHaveCount(9);
  await shot(page, 'list');

  // n: a new template, typed field by field.
  await press(page, 'n');
  const editor = page.getByRole('dialog', { name: 'New template' });
  await expect(editor.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Sabotage of production systems');
  await press(page, 'Tab');
  await page.keyboard.type('Someone breaks what others depend on.');
  await press(page, 'Tab');
  await expect(editor.getByLabel('Case type')).toBeFocused();
  await press(page, 's'); // Sabotage
  await press(page, 'Tab');
  await press(page, 'Control+a');
  await page.keyboard.type('14');
  await press(page, 'Tab');
  await page.keyboard.type('Review PowerShell commands that stop services');
  await press(page, 'Enter');
  await page.keyboard.type('Check deletions of build and backup files');
  await press(page, 'Tab');
  await expect(editor.getByRole('checkbox', { name: 'Working hours' })).toBeFocused();
  await press(page, 'Tab Tab Space'); // PowerShell commands
  await shot(page, 'editor');
  await press(page, 'Control+Enter');
  await expect(editor).toBeHidden();
  const created = grid.getByRole('row', { name: /Sabotage of production systems/ });
  await expect(created).toBeVisible();
  await expect(created).toContainText('last 14 days');

  // The grid has the keys again: walk to the new row (sorted by name: Data leak, Departing,
  // Sabotage…), open it, then e edits it.
  await expect(grid).toBeFocused();
  await press(page, 'j j');
  await press(page, 'Enter');
  const mine = page.getByRole('complementary', { name: 'Template Sabotage of production systems' });
  await expect(mine.getByRole('listitem')).toHaveText([
    'Review PowerShell commands that stop services',
    'Check deletions of build and backup files',
  ]);
  await expect(mine).toContainText('PowerShell commands');
  await press(page, 'e');
  const edit = page.getByRole('dialog', { name: /Edit template: Sabotage/ });
  await expect(edit.getByLabel('Name')).toBeFocused();
  await expect(edit.getByLabel('Checklist steps, one per line')).toHaveValue(
    'Review PowerShell commands that stop services\nCheck deletions of build and backup files',
  );
  await press(page, 'Escape');
  await expect(edit).toBeHidden();

  // A shipped template cannot be deleted: the key says why instead.
  await press(page, 'k');
  await press(page, 'Delete');
  await expect(
    page.getByText('Templates shipped with Vigil can be edited, not deleted.'),
  ).toBeVisible();

  // Delete asks first; Cancel has the focus, Tab then Enter deletes.
  await press(page, 'j');
  await press(page, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete template?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await press(page, 'Tab');
  await press(page, 'Enter');
  await expect(confirm).toBeHidden();
  await expect(created).toBeHidden();
});

test('a case from a template by keys: palette, subject, then the checklist ticked with x, Space and the palette', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'investigator');
  await fromPalette(page, 'from template', /New Investigation from Template/);
  await choose(page, 'Departing', /Departing employee data theft/);
  const dialog = page.getByRole('dialog', {
    name: 'New investigation: Departing employee data theft',
  });
  await expect(dialog).toContainText('10 checklist steps, the last 90 days');
  await expect(dialog.getByLabel('Type')).toHaveValue('departing_employee');
  await expect(dialog.getByLabel('Find the subject')).toBeFocused();
  // The demo organization's second person, by id.
  await page.keyboard.type('E10002');
  await press(page, 'Tab Tab');
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await page.keyboard.type('Leaving for a competitor');
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: 'Leaving for a competitor' })).toBeVisible();

  const card = page.getByRole('region', { name: 'Checklist' });
  await expect(card).toContainText('0 of 10 done');
  await expect(
    card.getByRole('navigation', { name: 'Evidence pages to review' }).getByRole('link', {
      name: /File access/,
    }),
  ).toBeVisible();
  const steps = card.getByRole('listbox');
  await tabTo(page, steps, { max: 60 });
  await press(page, 'j');
  await press(page, 'x');
  await expect(card).toContainText('1 of 10 done');
  await expect(steps.getByRole('option', { selected: true })).toHaveText(
    /Review file movements to USB and personal cloud/,
  );
  await press(page, 'j Space');
  await expect(card).toContainText('2 of 10 done');
  await shot(page, 'checklist');

  // The palette ticks from anywhere in the case; choosing a done step unticks it.
  await fromPalette(page, 'Tick checklist', /Tick Checklist Step/);
  await choose(page, 'personal cloud', /Review file movements to USB/);
  await expect(card).toContainText('1 of 10 done');
  await expect(steps.getByRole('option', { selected: true })).toHaveText(
    /Compare downloads from SharePoint/,
  );
});
