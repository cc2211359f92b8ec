import { expect, test } from '@playwright/test';

import { press, signIn } from './support/vigil';

/**
 * The demo's departing-employee case (src/server/demo/demo-data.ts) and a word inside it: its
 * subject mails files to a personal address at proton.me.
 */
const DEPARTING = 'Departing employee: files to USB and personal mail';
const WORD = 'proton.me';

test('a word inside a case, found from the palette by keys, opens the event in its case', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  await press(page, 'Control+k');
  await expect(page.locator('.palette-input')).toBeFocused();
  await page.keyboard.type(WORD);

  // Below commands and entities, the events of the cases that hold the word, each with its case.
  const events = page.getByRole('group', { name: 'Events in your cases' });
  const hit = events.getByRole('option', {
    name: new RegExp(`^Sent mail .*in case “${DEPARTING}”`),
  });
  await expect(hit.first()).toBeVisible({ timeout: 15_000 });
  const label = (await hit.first().locator('.palette-label').innerText()).trim();

  // Down arrows walk the list to the first such event.
  for (let i = 0; i < 60; i++) {
    if ((await hit.first().getAttribute('aria-selected')) === 'true') break;
    await press(page, 'ArrowDown');
  }
  await expect(hit.first()).toHaveAttribute('aria-selected', 'true');

  // Enter opens it in its case: the evidence locker, with the event's record in a dialog.
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: DEPARTING })).toBeVisible();
  await expect(page).toHaveURL(/\/evidence-locker\?event=\d+$/);
  const record = page.getByRole('dialog', { name: 'Event' });
  await expect(record.getByText(label)).toBeVisible();
  await expect(record.getByText('Raw record')).toBeVisible();
  await expect(record.locator('pre').last()).toContainText(WORD);

  // Escape closes the record and leaves the case's evidence locker.
  await press(page, 'Escape');
  await expect(record).toBeHidden();
  await expect(page).toHaveURL(/\/evidence-locker$/);
});
