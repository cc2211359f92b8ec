import { expect, test } from '@playwright/test';

import { personAs, realNameOf } from './support/people';
import { press, signIn } from './support/vigil';

/**
 * Search without exposure (issue 17): an investigator acting on a tip finds a person by their
 * real name (they may reveal identities; the search is audited on the server), and the screens
 * still show only the pseudonym.
 */
test('a tip by real name finds the person, shown only by pseudonym, in the palette and the new-case dialog', async ({
  page,
}) => {
  await signIn(page, 'investigator');
  const person = await personAs(page, 'E10003');
  const name = realNameOf('E10003');
  expect(person.identity).toBe('pseudonymized');

  await press(page, 'Control+k');
  await page.keyboard.type(`@${name}`);
  const option = page.getByRole('option', { name: new RegExp(person.pseudonym) });
  await expect(option).toBeVisible();
  // What the palette lists shows the pseudonym only (the query is the user's own text).
  await expect(page.getByRole('listbox')).not.toContainText(name);
  await press(page, 'Escape');

  await press(page, 'Control+k');
  await page.keyboard.type('>new investigation');
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog', { name: 'New investigation' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type(name);
  await expect(dialog.getByRole('option', { name: new RegExp(person.pseudonym) })).toHaveCount(1);
  await press(page, 'Tab');
  const subject = page.getByLabel('Subject', { exact: true });
  await expect(subject).toHaveValue('E10003');
  await expect(subject).not.toContainText(name);
});
