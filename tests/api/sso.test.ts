import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestProvider } from './support/oidc-provider';
import type { TestProvider } from './support/oidc-provider';
import { ApiClient, HOST, startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const CALLBACK = `http://${HOST}/api/app/auth/sso/callback`;
let idp: TestProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startTestProvider(CALLBACK);
  t = await startTestApp({
    sso: {
      issuer: idp.issuer,
      clientId: 'vigil',
      clientSecret: 'vigil-test-secret',
      label: 'Test IdP',
      redirectUrl: CALLBACK,
      allowInsecure: true,
    },
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** Leaves Vigil for the provider, signs in there, and brings the answer back to Vigil. */
async function roundTrip(email: string, next = '/app/investigations/') {
  const start = await t.anonymous.get('/auth/sso/start', { next });
  expect(start.status).toBe(302);
  const pending = start.cookies.find((c) => c.name === 'vigil_sso')!;
  const back = await idp.signInAs(String(start.headers.location), email);
  expect(back.href.startsWith(CALLBACK)).toBe(true);
  const browser = new ApiClient(t.app, `vigil_sso=${pending.value}`);
  const callback = await browser.send(
    'GET',
    `${back.pathname}${back.search}`.replace('/api/app', ''),
  );
  return callback;
}

describe('single sign-on', () => {
  it('is advertised to the sign-in page', async () => {
    expect((await t.anonymous.get('/auth/sso/config')).body).toEqual({
      enabled: true,
      label: 'Test IdP',
    });
  });

  it('starts a session for an existing user with the email the provider verified', async () => {
    const user = await t.signInAs('analyst', { email: 'sso.user@vigil.test' });
    const callback = await roundTrip('sso.user@vigil.test');
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/auth/callback?next=%2Fapp%2Finvestigations%2F');
    const session = callback.cookies.find((c) => c.name === 'vigil_session')!;
    const me = await new ApiClient(t.app, `vigil_session=${session.value}`).get('/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.user!.id);
  });

  it('refuses people without an active Vigil account and says why', async () => {
    const callback = await roundTrip('stranger@vigil.test');
    expect(callback.status).toBe(302);
    const location = new URL(String(callback.headers.location), 'http://x');
    expect(location.pathname).toBe('/auth/callback');
    expect(location.searchParams.get('error_description')).toBe(
      'stranger@vigil.test has no active Vigil account. Ask an administrator to create it.',
    );
    expect(callback.cookies.find((c) => c.name === 'vigil_session')).toBeUndefined();
  });

  it('refuses an answer whose state does not match the browser that started', async () => {
    await t.signInAs('analyst', { email: 'state.check@vigil.test' });
    const start = await t.anonymous.get('/auth/sso/start');
    const back = await idp.signInAs(String(start.headers.location), 'state.check@vigil.test');
    const other = await t.anonymous.get('/auth/sso/start');
    const wrongBrowser = new ApiClient(
      t.app,
      `vigil_sso=${other.cookies.find((c) => c.name === 'vigil_sso')!.value}`,
    );
    const callback = await wrongBrowser.send(
      'GET',
      `${back.pathname}${back.search}`.replace('/api/app', ''),
    );
    expect(String(callback.headers.location)).toMatch(/^\/auth\/callback\?error=access_denied/);
    expect(callback.cookies.find((c) => c.name === 'vigil_session')).toBeUndefined();
  });

  it('never follows a next that leaves the app', async () => {
    await t.signInAs('analyst', { email: 'next.check@vigil.test' });
    const callback = await roundTrip('next.check@vigil.test', 'https://evil.example/');
    expect(callback.headers.location).toBe('/auth/callback?next=%2Fapp%2F');
  });
});
