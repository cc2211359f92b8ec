import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('keyboard settings', () => {
  it('start at the defaults and follow the user to another session', async () => {
    const first = await t.signInAs('investigator', { email: 'keys@vigil.test' });
    expect((await first.get('/me/settings')).body).toEqual({
      keymap: { profile: 'default', singleKeyShortcutsEnabled: true, rules: [] },
    });
    const saved = await first.send('PUT', '/me/settings', {
      keymap: {
        profile: 'vim',
        singleKeyShortcutsEnabled: false,
        rules: [{ key: 'g d', command: 'nav.dashboard', when: '!inputFocus' }],
      },
    });
    expect(saved.status).toBe(200);
    const elsewhere = (await t.signIn('keys@vigil.test', first.user!.password)).client;
    const read = await elsewhere.get('/me/settings');
    expect(read.body.keymap.profile).toBe('vim');
    expect(read.body.keymap.rules).toEqual([
      { key: 'g d', command: 'nav.dashboard', when: '!inputFocus' },
    ]);
    const other = await t.signInAs('investigator');
    expect((await other.get('/me/settings')).body.keymap.rules).toEqual([]);
  });

  it('refuse rules with an unknown command, an unparsable key, an undeclared context key or a destructive command', async () => {
    const user = await t.signInAs('admin');
    for (const rule of [
      { key: 'g z', command: 'nav.nowhere' },
      { key: 'ctrl+shift+', command: 'nav.dashboard' },
      { key: 'g q', command: 'nav.dashboard', when: 'moonPhase == 3' },
      { key: 'd', command: 'admin.disableUser' },
    ]) {
      const reply = await user.send('PUT', '/me/settings', { keymap: { rules: [rule] } });
      expect(reply.status, JSON.stringify(rule)).toBe(400);
      expect(reply.body.message).toMatch(/Your keyboard rules have a problem/);
    }
    expect((await user.get('/me/settings')).body.keymap.rules).toEqual([]);
  });
});
