import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { webhookSignature } from '../../../src/server/notify/channels/webhook';

/*
 * The README's receiver, run as printed: its few lines must accept what Vigil's webhook sender
 * signs and refuse a changed body, another secret, a forged header and a stale timestamp.
 */

type FromVigil = (headers: Record<string, string>, rawBody: string, secret: string) => boolean;

const SECRET = 'a-webhook-secret-of-32-characters';
let dir: string;
let fromVigil: FromVigil;

beforeAll(async () => {
  const readme = fs.readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');
  const after = readme.slice(readme.indexOf('A receiver checks it'));
  const code = /```js\n([\s\S]*?)```/.exec(after)?.[1];
  expect(code, 'the README shows the receiver in a js block').toBeDefined();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-readme-receiver-'));
  const file = path.join(dir, 'receiver.mjs');
  fs.writeFileSync(file, `${code!}\nexport { fromVigil };\n`);
  ({ fromVigil } = (await import(pathToFileURL(file).href)) as { fromVigil: FromVigil });
});
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** What Vigil's sender puts on a request (see channels/webhook.ts). */
function signed(body: string, timestamp = Math.floor(Date.now() / 1000), secret = SECRET) {
  return {
    'x-vigil-timestamp': String(timestamp),
    'x-vigil-signature': webhookSignature(secret, timestamp, body),
    'x-vigil-delivery': 'delivery-1',
  };
}

describe('the README’s webhook receiver', () => {
  const body = JSON.stringify({ id: 'delivery-1', type: 'alert.created', alert: { id: 'a1' } });

  it('accepts what Vigil signs', () => {
    expect(fromVigil(signed(body), body, SECRET)).toBe(true);
  });

  it('refuses a changed body, another secret, a forged or missing signature', () => {
    expect(fromVigil(signed(body), body.replace('a1', 'a2'), SECRET)).toBe(false);
    expect(fromVigil(signed(body, undefined, 'another-secret-0123456789'), body, SECRET)).toBe(
      false,
    );
    const headers = signed(body);
    expect(fromVigil({ ...headers, 'x-vigil-signature': 'sha256=00' }, body, SECRET)).toBe(false);
    const { 'x-vigil-signature': _dropped, ...unsigned } = headers;
    expect(fromVigil(unsigned, body, SECRET)).toBe(false);
  });

  it('refuses a message signed more than five minutes ago (a replay)', () => {
    const old = Math.floor(Date.now() / 1000) - 301;
    expect(fromVigil(signed(body, old), body, SECRET)).toBe(false);
  });
});
