import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { PSEUDONYM } from './support/people';
import { adminApi, press, signIn } from './support/vigil';

/** A Sigma rule the compiler accepts: an Okta MFA factor removed. */
const SIGMA = `title: Okta MFA factor removed
logsource:
  product: okta
  service: okta
detection:
  selection:
    eventtype: user.mfa.factor.deactivate
  condition: selection
level: high
`;

const TITLE = 'Okta MFA factor removed';

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/detection-rules-${name}.png` });
}

/** Runs a palette entry by typing its words and pressing Enter, as a person would. */
async function fromPalette(page: Page, words: string, option: RegExp): Promise<void> {
  await press(page, 'Control+k');
  await page.keyboard.type(words);
  const palette = page.locator('[data-overlay="palette"]');
  // The entry is the first one, so Enter runs it.
  await expect(palette.getByRole('option').first()).toHaveAccessibleName(option);
  await press(page, 'Enter');
}

test('add a Sigma rule from the keyboard: test it, add it, enable it with e, delete it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // What the server's own test says about the rule (setup: the screen must show the same).
  const api = await adminApi(page.request);
  const expected = await api.post('/detection/rules/test', {
    format: 'sigma',
    source: SIGMA,
    days: 30,
  });
  expect(expected.status(), await expected.text()).toBe(200);
  const reply = (await expected.json()) as {
    matchingEvents: number;
    alerts: number;
    people: Array<{ subject: { fullName: string }; matchingEvents: number; alerts: number }>;
  };

  await signIn(page, 'admin');

  // The palette goes to the screen; its grid takes the keys.
  await fromPalette(page, 'Go to Detection rules', /Go to Detection rules/);
  await expect(page.getByRole('heading', { name: 'Detection rules', level: 1 })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Detection rules' });
  await expect(grid).toBeFocused();
  await expect(grid.locator('[data-cursor]')).toBeVisible();
  await shot(page, 'list');

  // Add detection rule…: the text box has the caret; the rule goes in as typed text.
  await fromPalette(page, 'Add detection rule', /Add Detection Rule/);
  const dialog = page.getByRole('dialog', { name: 'Add detection rule' });
  const source = dialog.getByRole('textbox', { name: 'Rule' });
  await expect(source).toBeFocused();
  await page.keyboard.insertText(SIGMA);
  await expect(dialog.getByRole('radio', { name: /Sigma/ })).toBeChecked();

  // Test (its own key): the figures and people the server computed, nothing stored.
  await press(page, 'Control+Shift+Enter');
  const result = dialog.getByRole('region', { name: 'Test result' });
  await expect(result).toBeVisible({ timeout: 30_000 });
  const summary = result.getByRole('status');
  if (reply.matchingEvents === 0) {
    await expect(summary).toHaveText(
      'No event of the last 30 days matches this rule: no alert would be raised.',
    );
  } else {
    await expect(summary).toContainText(`${reply.matchingEvents.toLocaleString()} event`);
    await expect(summary).toContainText(
      reply.alerts === 0 ? 'no alert would be raised' : `${reply.alerts.toLocaleString()} alert`,
    );
  }
  const people = result.getByRole('row');
  await expect(people).toHaveCount(reply.people.length === 0 ? 0 : reply.people.length + 1);
  if (reply.people[0]) await expect(result).toContainText(reply.people[0].subject.fullName);
  await shot(page, 'tested');

  // Ctrl+Enter adds it: a toast, and the list shows it, disabled, under the cursor.
  await press(page, 'Control+Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Rule added: ${TITLE}`)).toBeVisible();
  const cursor = grid.locator('[data-cursor]');
  await expect(cursor).toContainText(TITLE);
  await expect(cursor).toContainText('Sigma');
  await expect(cursor).toContainText('Custom');
  await expect(cursor).toContainText('Disabled');
  const panel = page.getByRole('complementary', { name: `Rule ${TITLE}` });
  await expect(panel.getByRole('region', { name: /Source/ })).toContainText(
    'eventtype: user.mfa.factor.deactivate',
  );
  await shot(page, 'added');

  // e enables it.
  await press(page, 'e');
  await expect(page.getByText(`Rule enabled: ${TITLE}`)).toBeVisible();
  await expect(cursor).toContainText('Enabled');
  await shot(page, 'enabled');

  // Delete asks first, Cancel focused; Tab to "Delete rule", Enter deletes it.
  await press(page, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete detection rule?' });
  await expect(confirm).toContainText(TITLE);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot(page, 'delete-confirm');
  await press(page, 'Tab');
  await expect(confirm.getByRole('button', { name: 'Delete rule' })).toBeFocused();
  await press(page, 'Enter');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(`Rule deleted: ${TITLE}`)).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: TITLE })).toHaveCount(0);
  await expect(panel).toHaveCount(0);
});

test('a watchlist from the keyboard, and the palette’s Risky People', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = await adminApi(page.request);
  const directory = (await (await api.get('/identity/employees?limit=5000')).json()) as {
    employees: Array<{ id: string; fullName: string }>;
  };
  const someone = directory.employees[7]!;
  // People are found by what the screens show: their pseudonym.
  expect(someone.fullName).toMatch(PSEUDONYM);
  await signIn(page, 'admin');

  // New watchlist…: a name, then a person found by typing, Enter adds them, Ctrl+Enter creates.
  await fromPalette(page, 'New watchlist', /New Watchlist/);
  await expect(page.getByRole('heading', { name: 'Watchlists', level: 1 })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'New watchlist' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('Contractors under review');
  await press(page, 'Tab');
  await page.keyboard.type('Access ends this quarter');
  await press(page, 'Tab');
  await expect(dialog.getByRole('combobox', { name: 'People' })).toBeFocused();
  await page.keyboard.type(someone.fullName);
  await expect(dialog.getByRole('option').first()).toContainText(someone.fullName);
  await press(page, 'Enter');
  await expect(dialog.getByRole('list', { name: 'Chosen people' })).toContainText(someone.fullName);
  await shot(page, 'watchlist-dialog');
  await press(page, 'Control+Enter');
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByText('Watchlist created: Contractors under review (1 person)'),
  ).toBeVisible();
  const lists = page.getByRole('grid', { name: 'Watchlists' });
  const row = lists.getByRole('row', { name: /Contractors under review/ });
  await expect(row).toContainText('Kept by hand');
  await expect(row).toContainText('1');
  await shot(page, 'watchlists');

  // Risky People: the directory, riskiest first, with each score.
  await fromPalette(page, 'Risky people', /Risky People/);
  await expect(page).toHaveURL(/\/app\/employees\/\?sort=risk$/);
  const people = page.getByRole('grid', { name: 'Employees' });
  await expect(people.getByRole('columnheader', { name: /Risk/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.getByText(/riskiest first/)).toBeVisible();
  await shot(page, 'risky-people');
});
