import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { press, signIn, tabTo } from './support/vigil';

const SECRET = 'journey-webhook-secret-0123456789';

/** Runs a palette entry: the words typed, the first option must be the one meant. */
async function fromPalette(page: Page, words: string, option: RegExp): Promise<void> {
  await press(page, 'Control+k');
  await page.keyboard.type(words);
  const palette = page.locator('[data-overlay="palette"]');
  await expect(palette.getByRole('option').first()).toHaveAccessibleName(option);
  await press(page, 'Enter');
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/notifications-${name}.png` });
}

/** A receiver on this machine that keeps what it is sent. */
async function startReceiver() {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/vigil`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('from the keyboard: add a webhook channel and an alert rule, send a test, find it in the delivery log, change the channel', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const receiver = await startReceiver();
  try {
    await signIn(page, 'admin');
    const name = `SOAR ${Date.now()}`;

    // New notification channel…: the kind (webhook by default) has the focus.
    await fromPalette(page, 'New notification channel', /New Notification Channel/);
    const dialog = page.getByRole('dialog', { name: 'New notification channel' });
    await expect(dialog.getByLabel('Kind')).toBeFocused();
    await press(page, 'Tab');
    await page.keyboard.type(name);
    await press(page, 'Tab');
    await page.keyboard.type(receiver.url);
    await press(page, 'Tab');
    await page.keyboard.type(SECRET);
    await shot(page, 'channel-dialog');
    await press(page, 'Enter');
    await expect(page.getByText(`Channel added: ${name}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const channels = page.getByRole('grid', { name: 'Notification channels' });
    const channelRow = channels.getByRole('row', { name: new RegExp(name) });
    await expect(channelRow).toBeVisible();
    // The secret is never shown again: only its last four characters.
    await expect(channelRow.getByText(`secret …${SECRET.slice(-4)}`)).toBeVisible();
    await expect(page.getByText(SECRET)).toHaveCount(0);

    // New notification rule…: high alerts to that channel.
    await fromPalette(page, 'New notification rule', /New Notification Rule/);
    const ruleDialog = page.getByRole('dialog', { name: 'New notification rule' });
    await expect(ruleDialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('High alerts to the SOAR');
    // Only alerts of one policy's rules: the list takes the first letters of its title.
    const policy = ruleDialog.getByLabel('Only rules of this policy');
    await tabTo(page, policy);
    await page.keyboard.type('Data theft');
    await expect(policy).toHaveValue('departing-data-theft');
    const box = ruleDialog.getByRole('checkbox', { name: new RegExp(name) });
    await tabTo(page, box);
    await press(page, 'Space');
    await expect(box).toBeChecked();
    await shot(page, 'rule-dialog');
    await press(page, 'Control+Enter');
    await expect(page.getByText('Rule added: High alerts to the SOAR')).toBeVisible();
    const rules = page.getByRole('grid', { name: 'Notification rules' });
    await expect(rules.getByRole('row', { name: /High alerts to the SOAR/ }).last()).toContainText(
      'A new alert, High or worse (only policy Data theft by departing employees)',
    );

    // Send a test to the channel under the cursor.
    await fromPalette(page, 'Go to Notification channels', /Go to Notification channels/);
    const grid = page.getByRole('grid', { name: 'Notification channels' });
    await expect(grid).toBeFocused();
    // The cursor on this channel: the grid's filter finds it, ArrowDown goes back to its row.
    await press(page, '/');
    await page.keyboard.type(name);
    await press(page, 'ArrowDown');
    await expect(grid.getByRole('row', { name: new RegExp(name) })).toHaveAttribute(
      'data-cursor',
      /.*/,
    );
    await fromPalette(page, 'Send a test notification', /Send a Test Notification/);
    await expect(page.getByText('Test delivered')).toBeVisible({ timeout: 15_000 });
    // Only the tests count: start-up detection may also send the new rule a real alert.
    const tests = () => receiver.received.filter((r) => JSON.parse(r.body).type === 'channel.test');
    expect(tests()).toHaveLength(1);
    const got = tests()[0]!;
    const signed = `sha256=${createHmac('sha256', SECRET)
      .update(`${String(got.headers['x-vigil-timestamp'])}.${got.body}`)
      .digest('hex')}`;
    expect(got.headers['x-vigil-signature']).toBe(signed);
    expect(JSON.parse(got.body)).toMatchObject({
      id: got.headers['x-vigil-delivery'],
      type: 'channel.test',
    });

    // The delivery log shows it: the channel, the event, delivered on the first attempt.
    await fromPalette(page, 'Go to Delivery log', /Go to Delivery log/);
    const log = page.getByRole('grid', { name: 'Deliveries' });
    const row = log
      .getByRole('row', { name: new RegExp(name) })
      .filter({ hasText: 'channel.test' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('channel.test');
    await expect(row.getByRole('gridcell', { name: '1', exact: true })).toBeVisible();
    await shot(page, 'delivery-log');

    // Enter opens the channel to change it: its secret shows only as set, and stays untyped.
    await fromPalette(page, 'Go to Notification channels', /Go to Notification channels/);
    await expect(grid).toBeFocused();
    await press(page, '/');
    await page.keyboard.type(name);
    await press(page, 'ArrowDown');
    const ours = grid.getByRole('row', { name: new RegExp(name) });
    await expect(ours).toHaveAttribute('data-cursor', /.*/);
    await press(page, 'Enter');
    const edit = page.getByRole('dialog', { name: 'Edit notification channel' });
    await expect(edit.getByLabel('Name')).toBeFocused();
    await expect(edit.getByLabel('Signing secret')).toHaveValue('');
    await expect(edit).toContainText(`Set (…${SECRET.slice(-4)})`);
    await press(page, 'End');
    await page.keyboard.type(' (edited)');
    await shot(page, 'channel-edit');
    await press(page, 'Control+Enter');
    await expect(page.getByText(`Channel saved: ${name} (edited)`)).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(ours).toContainText(`${name} (edited)`);
    await expect(ours.getByText(`secret …${SECRET.slice(-4)}`)).toBeVisible();
    // The kept secret still signs: a second test checks with the same one.
    await fromPalette(page, 'Send a test notification', /Send a Test Notification/);
    await expect.poll(() => tests().length, { timeout: 15_000 }).toBe(2);
    const again = tests()[1]!;
    expect(again.headers['x-vigil-signature']).toBe(
      `sha256=${createHmac('sha256', SECRET)
        .update(`${String(again.headers['x-vigil-timestamp'])}.${again.body}`)
        .digest('hex')}`,
    );

    // e switches the channel under the cursor off; Delete asks first, with Cancel focused.
    await expect(ours).toHaveAttribute('data-cursor', /.*/);
    await press(page, 'e');
    await expect(page.getByText(`Off: ${name} (edited)`)).toBeVisible();
    await expect(ours.getByRole('gridcell', { name: 'Off', exact: true })).toBeVisible();
    await press(page, 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete notification channel?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await tabTo(page, confirm.getByRole('button', { name: 'Delete channel' }));
    await press(page, 'Enter');
    await expect(page.getByText(`Deleted: ${name} (edited)`)).toBeVisible();
    // The grid's filter still holds the name: nothing is left that it matches.
    await expect(page.getByText('0 rows', { exact: true })).toBeVisible();
    await expect(grid.getByRole('row', { name: new RegExp(`^${name}`) })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
