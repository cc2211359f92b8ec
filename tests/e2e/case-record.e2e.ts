import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

import { personAs } from './support/people';
import { adminApi, openCaseFromPalette, press, signIn } from './support/vigil';

/** The demo organization's case about a departing employee (src/server/demo/demo-data.ts). */
const DEPARTING = 'Departing employee: files to USB and personal mail';

/** A moment as Vigil shows a record's time: date, time to the second, and its zone. */
const ZONED_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2}\s?[AP]M \S+$/;

test.use({ viewport: { width: 1440, height: 900 } });

/** The case's id, found through the API as the admin (setup only). */
async function caseId(page: Page, title: string): Promise<string> {
  const api = await adminApi(page.request);
  const reply = await api.get('/investigations');
  const { investigations } = (await reply.json()) as {
    investigations: Array<{ id: string; title: string }>;
  };
  return investigations.find((c) => c.title === title)!.id;
}

/** The case's pins through the API as the admin (setup only): live ones and tombstones. */
async function pinsOf(page: Page, id: string) {
  const api = await adminApi(page.request);
  const reply = await api.get(`/investigations/${id}/pins`);
  return ((await reply.json()) as { pins: Array<{ finding: string | null; removed: unknown }> })
    .pins;
}

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((node) => node === document.activeElement)) return;
    await press(page, 'Tab');
  }
  await expect(target).toBeFocused();
}

/** The sentence a form shows beside a field (its aria-describedby), or ''. */
async function messageBeside(field: Locator): Promise<string> {
  return field.evaluate((node) => {
    const id = node.getAttribute('aria-describedby');
    const note = id ? document.getElementById(id) : null;
    return note?.classList.contains('field-error') ? (note.textContent ?? '') : '';
  });
}

test('create user: a bad email is said beside the Email field, in words, and Email takes the focus', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await press(page, 'Control+Shift+k');
  await page.keyboard.type('Create User');
  await expect(page.getByRole('option', { name: /Create User/ }).first()).toBeVisible();
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  const email = dialog.getByLabel('Email');
  await expect(email).toBeFocused();
  await page.keyboard.type('not an address');
  await press(page, 'Tab');
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Somebody New');
  await press(page, 'Enter');

  await expect.poll(() => messageBeside(email)).toBe('Enter a valid email address.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(dialog).not.toContainText('The request body is invalid');
  // Typing fixes it where the focus already is; the form then goes through.
  await press(page, 'Control+a');
  await page.keyboard.type(`somebody-${Date.now()}@vigil.test`);
  await press(page, 'Enter');
  await expect(page.getByRole('dialog', { name: 'User created' })).toBeVisible();
});

test('new investigation: a window that ends before it starts is said beside "Window ends"', async ({
  page,
}) => {
  await signIn(page, 'analyst');
  // People show as pseudonyms: the subject is found by the one the analyst sees.
  const subject = await personAs(page, 'E10003');
  await press(page, 'Control+Shift+k');
  await page.keyboard.type('New Investigation');
  await expect(page.getByRole('option', { name: /New Investigation/ }).first()).toBeVisible();
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog', { name: 'New investigation' });
  await expect(dialog.getByLabel('Find the subject')).toBeFocused();
  await page.keyboard.type(subject.pseudonym);
  await tabTo(page, dialog.getByLabel('Title'));
  await page.keyboard.type('Backwards window');
  const starts = dialog.getByLabel('Window starts');
  const ends = dialog.getByLabel('Window ends');
  await tabTo(page, starts);
  await page.keyboard.type('03012026');
  await tabTo(page, ends);
  await page.keyboard.type('01012026');
  await press(page, 'Enter');

  await expect.poll(() => messageBeside(ends)).toBe('The window must end after it starts.');
  await expect(ends).toBeFocused();
  await expect(dialog).not.toContainText('The request body is invalid');
});

test('a 20,000-character unbroken description stays inside its card and can be read in full', async ({
  page,
}) => {
  const api = await adminApi(page.request);
  const title = `Long description ${Date.now()}`;
  const created = await api.post('/investigations', {
    title,
    subjectEmployeeId: 'E10003',
    description: 'x'.repeat(20_000),
  });
  expect(created.status()).toBe(201);
  await signIn(page, 'admin');
  await openCaseFromPalette(page, title);

  const show = page.getByRole('button', { name: 'Show all 20,000 characters' });
  await expect(show).toBeVisible();
  // Nothing is wider than the pane: no sideways scrolling anywhere on the page.
  const widths = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.pane, .pane *')]
      .filter((node) => node.scrollWidth > node.clientWidth + 1)
      .filter((node) => ['auto', 'scroll', 'visible'].includes(getComputedStyle(node).overflowX))
      .map((node) => node.className),
  );
  expect(widths).toEqual([]);
  const card = page.getByRole('region', { name: 'Case' });
  const cardBox = (await card.boundingBox())!;
  const pane = (await page.locator('.pane').first().boundingBox())!;
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(pane.x + pane.width);

  await tabTo(page, show);
  await press(page, 'Enter');
  const whole = page.getByRole('region', { name: 'Description' });
  await expect(whole).toBeVisible();
  expect(await whole.evaluate((node) => node.textContent?.length)).toBe(20_000);
  expect(await whole.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
});

test('the incident timeline fills the screen and an opened event shows its time in words', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'analyst');
  await openCaseFromPalette(page, DEPARTING);
  await press(page, 'g t');
  const incidents = page.getByRole('grid', { name: 'Incidents' });
  await expect(incidents.getByRole('row', { name: /copied to removable media/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(incidents).toBeFocused();
  // The bulk-download incident is the one with the most events; filter to it and open it.
  await press(page, '/');
  await page.keyboard.type('removable media');
  await press(page, 'ArrowDown');
  await press(page, 'o');
  const list = page.getByRole('listbox', { name: /Incident timeline events/ });
  await expect(list).toBeVisible();
  await expect(page.getByText(/event 1 of (\d{2,})/)).toBeVisible();

  // Rows wholly inside the list's visible box: the list uses the height the screen has.
  const visibleRows = async () =>
    list.evaluate((node) => {
      const box = node.getBoundingClientRect();
      return [...node.querySelectorAll('[role="option"]')].filter((row) => {
        const r = row.getBoundingClientRect();
        return r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.bottom <= innerHeight;
      }).length;
    });
  expect(await visibleRows()).toBeGreaterThan(14);
  await page.screenshot({ path: 'test-results/incident-timeline.png' });

  // Further down the list, space opens the event under the cursor: it starts in view, whole,
  // and its time reads as a date and time with the zone, not epoch milliseconds.
  for (let i = 0; i < 12; i++) await press(page, 'l');
  await expect(page.getByText(/event 13 of/)).toBeVisible();
  await press(page, 'Space');
  const opened = list.getByRole('option', { selected: true });
  const raw = opened.getByLabel('Raw record', { exact: true });
  await expect(raw).toBeVisible();
  const time = opened.locator('.raw-field', { has: page.locator('dt', { hasText: /^time$/ }) });
  await expect(time.locator('dd')).toHaveText(ZONED_TIME);
  const [row, box] = await Promise.all([opened.boundingBox(), list.boundingBox()]);
  expect(row!.y).toBeGreaterThanOrEqual(box!.y - 1);
});

test('pinned evidence: a grid at the top of the summary; o opens a pin; its source marks the row', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  // A retry pins another day and event: what an earlier attempt pinned stays in the case (a
  // pin leaves only with a reason, as a tombstone), so the counts below start from what is there.
  const attempt = testInfo.retry;
  await signIn(page, 'analyst');
  const id = await caseId(page, DEPARTING);
  const pinsBefore = (await pinsOf(page, id)).length;
  // Setup through the API: one pinned day of the working-hours page.
  const api = await adminApi(page.request);
  const hours = (await (await api.get(`/investigations/${id}/findings/working-hours`)).json()) as {
    anomalousDays: Array<{ date: string; reason: string }>;
  };
  const day = hours.anomalousDays[1 + attempt]!;
  const eventNote =
    attempt === 0 ? 'Third download of the bulk' : `Download ${3 + attempt} of the bulk`;
  // A pin names the row (its table and key); the server captures it and its SHA-256.
  const pinned = await api.post(`/investigations/${id}/pins`, {
    finding: 'working-hours',
    key: day.date,
    note: 'Worked late before the copy',
  });
  expect(pinned.status()).toBe(201);
  const { contentSha256 } = (await pinned.json()) as { contentSha256: string };

  await openCaseFromPalette(page, DEPARTING);
  // On the timeline, p pins the event under the cursor; Ctrl+Enter sends the note.
  await press(page, 'g t');
  const incidents = page.getByRole('grid', { name: 'Incidents' });
  await expect(incidents.getByRole('row', { name: /copied to removable media/ })).toBeVisible({
    timeout: 30_000,
  });
  await press(page, '/');
  await page.keyboard.type('removable media');
  await press(page, 'ArrowDown');
  await press(page, 'o');
  await expect(page.getByRole('listbox', { name: /Incident timeline events/ })).toBeVisible();
  await press(page, 'l l');
  for (let i = 0; i < attempt; i++) await press(page, 'l');
  await press(page, 'p');
  const pinDialog = page.getByRole('dialog', { name: 'Pin to evidence' });
  await expect(pinDialog.getByLabel('Note')).toBeFocused();
  await page.keyboard.type(eventNote);
  await press(page, 'Control+Enter');
  await expect(pinDialog).toBeHidden();

  // The summary opens on the pinned list, which has the keys.
  await press(page, 'g e');
  const pins = page.getByRole('grid', { name: 'Pinned evidence' });
  // A header row, and the two new pins above what was there.
  await expect(pins.getByRole('row')).toHaveCount(pinsBefore + 3);
  await expect(pins).toBeFocused();
  const inView = await pins.evaluate((node) => node.getBoundingClientRect().bottom <= innerHeight);
  expect(inView).toBe(true);
  await page.screenshot({ path: 'test-results/pins.png' });

  // "From" links to where each pin came from.
  const dayRow = pins.getByRole('row', { name: new RegExp(day.date) });
  await expect(dayRow.getByRole('link', { name: 'Working hours' })).toHaveAttribute(
    'href',
    new RegExp(`/evidence-locker/working-hours\\?pin=working-hours%3A${day.date}$`),
  );
  // Each pin shows its hash, shortened; the full hash is in its name and tooltip (keyed,
  // HMAC-SHA-256, while the row names someone pseudonymized to this reader).
  await expect(dayRow.getByLabel(new RegExp(`^(HMAC-)?SHA-256 ${contentSha256}$`))).toHaveText(
    `${contentSha256.slice(0, 10)}…`,
  );
  const eventRow = pins.getByRole('row', { name: new RegExp(eventNote) });
  await expect(eventRow.getByRole('link', { name: /^Incident: .*removable media/ })).toBeVisible();

  // o on the event opens its record; Escape gives the keys back to the list.
  await press(page, '/');
  await page.keyboard.type(eventNote);
  await press(page, 'ArrowDown');
  await press(page, 'o');
  const event = page.getByRole('dialog', { name: 'Event' });
  await expect(event).toBeVisible();
  await expect(
    event.locator('dd').filter({ hasText: ZONED_TIME }).first(),
    'the event time reads as a date',
  ).toBeVisible();
  await press(page, 'Escape');
  await expect(pins).toBeFocused();

  // o on the pinned day opens the working-hours page with the cursor on that day, marked.
  // (Found by its note: the pinned event may fall on the same date.)
  await press(page, '/');
  await press(page, 'Control+a');
  await page.keyboard.type('Worked late before the copy');
  await press(page, 'ArrowDown');
  await press(page, 'o');
  await expect(page).toHaveURL(/\/evidence-locker\/working-hours\?pin=/);
  const days = page.getByRole('grid', { name: 'Days that break the pattern' });
  await expect(days).toBeFocused();
  const cursorRow = days.locator('[role="row"][data-cursor="true"]');
  await expect(cursorRow).toContainText(day.date);
  await expect(cursorRow.getByRole('img', { name: 'Pinned' })).toBeVisible();
  // Only the pinned days carry the mark: this one, and any an earlier attempt pinned.
  const pinnedDays = (await pinsOf(page, id)).filter(
    (pin) => pin.finding === 'working-hours' && pin.removed === null,
  ).length;
  expect(pinnedDays).toBeGreaterThanOrEqual(1);
  await expect(days.getByRole('img', { name: 'Pinned' })).toHaveCount(pinnedDays);
});

test('pinned evidence: v verifies a pin, the palette too, and Shift+D unpins it with a reason, leaving a tombstone', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  // Setup through the API as the admin, before the analyst signs in (the cookie jar is shared).
  const id = await caseId(page, DEPARTING);
  const api = await adminApi(page.request);
  const hours = (await (await api.get(`/investigations/${id}/findings/working-hours`)).json()) as {
    anomalousDays: Array<{ date: string }>;
  };
  // A retry pins a day neither an earlier attempt nor the test before (days 1 and 2) pinned;
  // the demo case has four such days.
  const day = hours.anomalousDays[testInfo.retry === 0 ? 0 : 2 + testInfo.retry]!;
  const pinned = await api.post(`/investigations/${id}/pins`, {
    finding: 'working-hours',
    key: day.date,
    note: 'First odd day',
  });
  expect(pinned.status()).toBe(201);

  await signIn(page, 'analyst');
  await openCaseFromPalette(page, DEPARTING);
  await press(page, 'g e');
  const pins = page.getByRole('grid', { name: 'Pinned evidence' });
  await expect(pins).toBeFocused();
  await press(page, '/');
  await page.keyboard.type(day.date);
  await press(page, 'ArrowDown');
  await expect(pins).toBeFocused();
  const row = pins.getByRole('row', { name: new RegExp(day.date) });

  // v re-hashes the pin under the cursor: intact, in a toast and in its row.
  await press(page, 'v');
  await expect(page.getByText('Intact: the pinned evidence is unchanged')).toBeVisible();
  await expect(row.locator('.pin-status.intact')).toHaveText('Intact');
  await page.screenshot({ path: 'test-results/pins-intact.png' });
  // The palette runs the same command.
  await press(page, 'Control+Shift+k');
  await page.keyboard.type('Verify pinned evidence');
  await expect(page.getByRole('option', { name: /Verify pinned evidence/ }).first()).toBeVisible();
  await press(page, 'Enter');
  await expect(page.getByText('Intact: the pinned evidence is unchanged').first()).toBeVisible();

  // Shift+D asks why; without a reason it says so, with one the pin becomes a tombstone.
  await tabTo(page, pins);
  await press(page, 'Shift+D');
  const dialog = page.getByRole('dialog', { name: 'Unpin evidence' });
  const reason = dialog.getByLabel('Reason');
  await expect(reason).toBeFocused();
  await press(page, 'Control+Enter');
  await expect.poll(() => messageBeside(reason)).toMatch(/Say why the pin is removed/);
  await page.keyboard.type('Not unusual for this team');
  await press(page, 'Control+Enter');
  await expect(dialog).toBeHidden();
  await expect(row.locator('.pin-status.removed')).toContainText('Removed by Analyst');
  await expect(row.locator('.pin-status.removed')).toContainText('Not unusual for this team');
  await expect(row.locator('.pin-removed').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/pins-verified.png' });
});
