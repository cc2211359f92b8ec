import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { resetPasswordCommand } from '../../src/server/cli/reset-password';
import { startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { output: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) }, out, err };
}

describe('npm run reset-password -- EMAIL (a lost first password)', () => {
  it('prints a new temporary password that signs in, must be changed, and ends old sessions', async () => {
    const admin = await t.signInAs('admin', { email: 'lost@vigil.local' });
    const { output, out } = capture();
    expect(await resetPasswordCommand(['LOST@vigil.local'], output, t.database)).toBe(0);
    const password = out[1]!.trim();
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    // The old session ends; the new password works and asks for the user's own first.
    expect((await admin.get('/auth/me')).status).toBe(401);
    const { reply, client } = await t.signIn('lost@vigil.local', password);
    expect(reply.status).toBe(200);
    expect(reply.body.passwordChangeRequired).toBe(true);
    expect((await client.get('/investigations')).status).toBe(403);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('action', '=', 'user.password_reset')
      .execute();
    expect(audit).toEqual([{ action: 'user.password_reset', actor_user_id: null }]);
  });

  it('says so for an unknown address or missing arguments, changing nothing', async () => {
    const { output, err } = capture();
    expect(await resetPasswordCommand(['nobody@vigil.local'], output, t.database)).toBe(1);
    expect(err.join('\n')).toMatch(/there is no user nobody@vigil.local/);
    expect(await resetPasswordCommand([], output, t.database)).toBe(2);
  });
});
