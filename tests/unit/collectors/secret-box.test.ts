import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import {
  parseSecretKey,
  SecretBox,
  SecretUnreadable,
} from '../../../src/server/ingest/collectors/secret-box';

const dirs: string[] = [];
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-key-'));
  dirs.push(dir);
  return path.join(dir, 'nested', 'vigil-secret.key');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the secret box', () => {
  it('makes its key file on first use with mode 0600; another box on the same file opens its secrets', () => {
    const keyFile = tempFile();
    const box = new SecretBox({ key: undefined, keyFile });
    expect(fs.existsSync(keyFile)).toBe(false);
    const sealed = box.seal({ token: 'ssws-secret-1234' });
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('ssws');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(new SecretBox({ key: undefined, keyFile }).open(sealed)).toEqual({
      token: 'ssws-secret-1234',
    });
  });

  it('seals the same value differently each time (a fresh IV), and refuses another key or an altered value', () => {
    const key = 'a'.repeat(64);
    const box = new SecretBox({ key, keyFile: '/nonexistent' });
    const one = box.seal({ token: 't' });
    expect(box.seal({ token: 't' })).not.toBe(one);
    const other = new SecretBox({ key: 'b'.repeat(64), keyFile: '/nonexistent' });
    expect(() => other.open(one)).toThrow(SecretUnreadable);
    // A character inside the tag: every bit of it counts (a final base64 character before its
    // padding has unused low bits, so changing it there may change nothing).
    const at = 'v1:'.length + 20;
    const altered = one.slice(0, at) + (one[at] === 'A' ? 'B' : 'A') + one.slice(at + 1);
    expect(altered).not.toBe(one);
    expect(() => box.open(altered)).toThrow(SecretUnreadable);
  });

  it('reads VIGIL_SECRET_KEY as 64 hex digits or base64 of 32 bytes, and says what it must be', () => {
    expect(parseSecretKey('0f'.repeat(32))).toHaveLength(32);
    expect(parseSecretKey(Buffer.alloc(32, 7).toString('base64'))).toHaveLength(32);
    expect(() => parseSecretKey('short')).toThrow(/VIGIL_SECRET_KEY must be 32 bytes/);
  });
});
