import { expect, test } from '@playwright/test';

import { press, seedInvestigation, signIn, tabTo } from './support/vigil';

test.use({ viewport: { width: 1440, height: 1000 } });

const SHOTS = process.env.VIGIL_SHOTS_DIR;

/** The number of events a bar's label or the screen's subtitle states ("1,234 events"). */
const countIn = (text: string) => Number(/([\d,]+)\+? events?\b/.exec(text)![1]!.replace(/,/g, ''));

test('a hunt by keys: query, narrow by a bar, pivot on a file name, save it, open it from the palette, turn it into a rule and test it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A name of its own: a server reused between runs keeps the searches and rules of the last.
  const name = `USB copies ${Date.now().toString(36)}`;
  const ruleId = `hunt-${name.toLowerCase().replace(/ /g, '-')}`;
  // Testing and adding a rule is for a role that may change detection settings: the admin.
  await signIn(page, 'admin');
  await press(page, 'g h');
  await expect(page.getByRole('heading', { name: 'Hunt', exact: true })).toBeVisible();

  // `?` (the query box not focused) lists the fields with examples; Escape goes back.
  await press(page, 'Shift+Slash');
  const help = page.getByRole('dialog', { name: 'Hunt query fields' });
  await expect(help.getByRole('rowheader', { name: 'file.name' })).toBeVisible();
  await expect(help).toContainText('file.name:*forecast*.xlsx');
  // The keyboard sheet of every screen is one button away.
  await tabTo(page, help.getByRole('button', { name: 'All keyboard shortcuts' }));
  await press(page, 'Enter');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts in this view' });
  await expect(sheet.getByText('Show Hunt Query Fields')).toBeVisible();
  await press(page, 'Escape');
  await expect(sheet).toBeHidden();
  await expect(help).toBeHidden();

  // `/` focuses the query; Enter runs it over the last 30 days of the demo organization.
  await press(page, '/');
  const query = page.getByRole('textbox', { name: 'Hunt query' });
  await expect(query).toBeFocused();
  await page.keyboard.type('file.destination:usb');
  await press(page, 'Enter');
  await expect(page).toHaveURL(/q=file.destination%3Ausb/);
  const grid = page.getByRole('grid', { name: 'Hunt results' });
  await expect(grid.getByRole('row').nth(1)).toContainText('usb', { timeout: 20_000 });
  await expect(page.getByText(/· [\d,]+ events?/)).toBeVisible();

  // The histogram's bars take the keys: the second bar with events, Enter narrows the time,
  // and the grid follows: it counts exactly the bar's events, every one inside the bar.
  const bars = page.getByRole('toolbar', { name: 'Events over time' });
  await tabTo(page, bars.getByRole('button').first());
  await press(page, 'ArrowRight');
  const bar = bars.getByRole('button').nth(1);
  await expect(bar).toBeFocused();
  const inBar = countIn((await bar.getAttribute('aria-label'))!);
  await press(page, 'Enter');
  await expect(page).toHaveURL(/from=\d+&to=\d+/);
  await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveValue('range');
  await expect(page.getByText(/· [\d,]+ events?/)).toHaveText(
    new RegExp(`· ${inBar.toLocaleString('en-US')} events?`),
  );
  await expect(grid.locator('.dt-body-row')).toHaveCount(Math.min(inBar, 200), {
    timeout: 10_000,
  });

  // A row opens with its raw record (Enter); Escape goes back to the results.
  await tabTo(page, grid);
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Raw record')).toBeVisible();
  // The person is shown by the one presenter: a pseudonym to a role without identity.reveal.
  await expect(dialog.getByRole('region', { name: /^About Person / })).toBeVisible();
  await press(page, 'Escape');
  await expect(dialog).toBeHidden();
  await expect(grid).toBeFocused();

  // In the results the arrows move a cell cursor along the row under the cursor. It starts on
  // the first column holding a hunting field (the person, not the time), so s, a and n answer
  // at once; Right reaches the File name column, and s hunts for that file name alone.
  const columnOf = async (name: string) =>
    Number(
      await grid.getByRole('columnheader', { name, exact: true }).getAttribute('aria-colindex'),
    );
  const cell = grid.locator('[data-cell-cursor]');
  const personColumn = await columnOf('Person');
  await expect(cell).toHaveAttribute('aria-colindex', String(personColumn));
  const fileColumn = await columnOf('File name');
  for (let at = personColumn; at < fileColumn; at++) await press(page, 'ArrowRight');
  await expect(cell).toHaveAttribute('aria-colindex', String(fileColumn));
  await expect(grid).toHaveAttribute('aria-activedescendant', (await cell.getAttribute('id'))!);
  const fileName = (await cell.textContent())!;
  expect(fileName).not.toBe('');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/hunt-cell-cursor.png`, fullPage: true });
  await press(page, 's');
  const escaped = fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(query).toHaveValue(new RegExp(`^file\\.name:"?${escaped}"?$`));
  await expect(page).toHaveURL(/from=\d+&to=\d+/);
  await expect(grid.locator('.dt-body-row').first()).toContainText(fileName, { timeout: 20_000 });
  const huntUrl = new URL(page.url());
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/hunt.png`, fullPage: true });

  // Saved with a name, it is listed. The pivot left the caret in the query; Save search… is
  // just before it (after it come the facets, the results and every saved search).
  await expect(query).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Save search…' }), { back: true });
  await press(page, 'Enter');
  await page.keyboard.type(name);
  await press(page, 'Enter');
  await expect(page.getByText('Search saved')).toBeVisible();

  // Elsewhere, the palette finds it by name and opens the same hunt: query and time.
  await press(page, 'g d');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await press(page, 'Control+k');
  await page.keyboard.type(name);
  await expect(
    page.getByRole('option', { name: new RegExp(`${name}.*Saved search`) }),
  ).toHaveAttribute('aria-selected', 'true');
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: 'Hunt', exact: true })).toBeVisible();
  const opened = new URL(page.url());
  for (const param of ['q', 'from', 'to'])
    expect(opened.searchParams.get(param)).toBe(huntUrl.searchParams.get(param));
  await expect(query).toHaveValue(huntUrl.searchParams.get('q')!);

  // Its rule: Vigil JSON on the file name, and Sigma; then tested over the last days in Add
  // detection rule before it is added (disabled, as every new rule).
  const saved = page.getByRole('region', { name: 'Saved searches' });
  await tabTo(page, saved.getByRole('button', { name: `Rule from ${name}` }));
  await press(page, 'Enter');
  const rule = page.getByLabel('Vigil JSON rule');
  await expect(rule).toContainText(`"id": "${ruleId}"`);
  await expect(rule).toContainText('"field": "file_name"');
  await expect(page.getByLabel('Sigma rule')).toContainText('file_name');
  await tabTo(page, page.getByRole('button', { name: 'Test and add as a rule…' }));
  await press(page, 'Enter');
  const add = page.getByRole('dialog', { name: 'Add detection rule' });
  await expect(add.getByRole('textbox', { name: 'Rule' })).toBeFocused();
  await expect(add.getByRole('textbox', { name: 'Rule' })).toHaveValue(/"field": "file_name"/);
  await press(page, 'Control+Shift+Enter');
  await expect(add.getByRole('status').filter({ hasText: /Over the last 30 days/ })).toHaveText(
    /Over the last 30 days, [\d,]+ events? match/,
  );
  await press(page, 'Control+Enter');
  await expect(page.getByText(`Rule added: ${name}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/admin/detection-rules\\?rule=${ruleId}$`));
});

test('Hunt… from the palette, then an event pinned by p to a case about its person', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const investigation = await seedInvestigation(
    page.request,
    `Hunt pin journey ${Date.now()}`,
    'E10003',
  );
  await signIn(page, 'analyst');

  // Hunt… in the palette's default mode (no > typed) lands in the query box, ready to type.
  await press(page, 'Control+k');
  await page.keyboard.type('hunt');
  await expect(page.getByRole('option', { name: /^Hunt…/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await press(page, 'Enter');
  const query = page.getByRole('textbox', { name: 'Hunt query' });
  await expect(query).toBeFocused();
  await page.keyboard.type('person:E10003');
  await press(page, 'Enter');
  const grid = page.getByRole('grid', { name: 'Hunt results' });
  await expect(grid.locator('.dt-body-row').first()).toBeVisible({ timeout: 20_000 });

  // p on the row under the cursor: the palette lists the cases about the person; the pin
  // dialog asks for a note and the server captures and hashes the event.
  await tabTo(page, grid);
  await press(page, 'p');
  const option = page.getByRole('option', { name: new RegExp(investigation.title) });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('option', { name: /^Open a case about Person / })).toBeVisible();
  await press(page, 'Enter');
  const pin = page.getByRole('dialog', { name: 'Pin to evidence' });
  await expect(pin.getByRole('textbox', { name: 'Note' })).toBeFocused();
  await page.keyboard.type('Found by hunting');
  await press(page, 'Control+Enter');
  await expect(page.getByText('Pinned to evidence')).toBeVisible();
  const pins = await (
    await page.request.get(`/api/app/investigations/${investigation.id}/pins`)
  ).json();
  expect(pins.pins).toEqual(
    expect.arrayContaining([expect.objectContaining({ note: 'Found by hunting' })]),
  );

  // In an opened event, n on a value's Search button excludes that value (NOT).
  await tabTo(page, grid);
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog');
  await tabTo(page, dialog.getByRole('button', { name: 'Search source' }));
  await press(page, 'n');
  await expect(query).toHaveValue(/^person:E10003 AND NOT source:[\w-]+$/);
  await expect(grid.locator('.dt-body-row').first()).toBeVisible({ timeout: 20_000 });

  // shift+p on the row under the cursor offers its person: their timeline (every event of
  // theirs, newest first), their alerts, a new case about them.
  await tabTo(page, grid);
  await press(page, 'Shift+P');
  await expect(page.getByRole('option', { name: /^Alerts about Person / })).toBeVisible();
  await expect(page.getByRole('option', { name: /^Open a case about Person / })).toBeVisible();
  const timeline = page.getByRole('option', { name: /^Timeline of Person / });
  await expect(timeline).toHaveAttribute('aria-selected', 'true');
  await press(page, 'Enter');
  await expect(query).toHaveValue(/^person:"Person [A-Z0-9]{4}-[A-Z0-9]{4}"$/);
  await expect(grid.locator('.dt-body-row').first()).toBeVisible({ timeout: 20_000 });

  // On the Activity cell of a row, a adds its activity to the hunt (AND). The cell cursor
  // starts on the Person column, the first that is a hunting field.
  await tabTo(page, grid);
  const cell = grid.locator('[data-cell-cursor]');
  const columnOf = async (name: string) =>
    Number(
      await grid.getByRole('columnheader', { name, exact: true }).getAttribute('aria-colindex'),
    );
  const personColumn = await columnOf('Person');
  await expect(cell).toHaveAttribute('aria-colindex', String(personColumn));
  const activityColumn = await columnOf('Activity');
  for (let at = personColumn; at < activityColumn; at++) await press(page, 'ArrowRight');
  await expect(cell).toHaveAttribute('aria-colindex', String(activityColumn));
  const activity = (await grid.locator('[data-cell-cursor]').textContent())!;
  await press(page, 'a');
  await expect(query).toHaveValue(
    new RegExp(`^person:"Person [A-Z0-9]{4}-[A-Z0-9]{4}" AND activity:${activity}$`),
  );
  await expect(grid.locator('.dt-body-row').first()).toContainText(activity, { timeout: 20_000 });
});
