import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import {
  eventually,
  startSmtpReceiver,
  startSyslogReceiver,
  type SmtpReceiver,
  type SyslogReceiver,
} from './support/receivers';
import { selfSignedCertificate, type SelfSigned } from './support/self-signed';

/*
 * The TLS paths of the channels, against local receivers with certificates made by the test:
 * syslog over TLS, SMTP with STARTTLS and SMTP with TLS from the first byte (both with a
 * password, which the SMTP server accepts only over TLS). The app trusts the test's certificate
 * through its test-only setting; a receiver whose certificate it does not trust is refused,
 * which shows verification stays on.
 */

const LOGIN = { username: 'vigil-mailer', password: 'smtp-password-0123' };
let trusted: SelfSigned;
let stranger: SelfSigned;
let t: TestApp;
let admin: ApiClient;
let syslog: SyslogReceiver;
let untrustedSyslog: SyslogReceiver;
let starttls: SmtpReceiver;
let implicit: SmtpReceiver;
let untrustedSmtp: SmtpReceiver;
let plainSmtp: SmtpReceiver;

beforeAll(async () => {
  trusted = selfSignedCertificate();
  stranger = selfSignedCertificate();
  [syslog, untrustedSyslog, starttls, implicit, untrustedSmtp, plainSmtp] = await Promise.all([
    startSyslogReceiver({ tls: trusted }),
    startSyslogReceiver({ tls: stranger }),
    startSmtpReceiver({ tls: { mode: 'starttls', ...trusted }, auth: LOGIN }),
    startSmtpReceiver({ tls: { mode: 'secure', ...trusted }, auth: LOGIN }),
    startSmtpReceiver({ tls: { mode: 'secure', ...stranger }, auth: LOGIN }),
    startSmtpReceiver({ auth: LOGIN, allowInsecureAuth: true }),
  ]);
  t = await startTestApp({
    allowHttpConnectors: true,
    publicUrl: 'https://vigil.example',
    notificationTlsCa: [trusted.cert],
  });
  admin = await t.signInAs('admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all(
    [syslog, untrustedSyslog, starttls, implicit, untrustedSmtp, plainSmtp].map((r) => r?.close()),
  );
});

async function testOf(kind: string, settings: Record<string, unknown>) {
  const created = await admin.post('/notifications/channels', {
    kind,
    name: `TLS ${kind}`,
    settings,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const reply = await admin.post(`/notifications/channels/${created.body.id}/test`);
  expect(reply.status).toBe(200);
  return reply.body as { ok: boolean; deliveryId: string; message: string };
}

const mail = (port: number) => ({
  host: '127.0.0.1',
  port,
  from: 'vigil@example.com',
  to: ['soc@example.com'],
  username: LOGIN.username,
  password: LOGIN.password,
});

describe('syslog over TLS', () => {
  it('delivers an octet-counted RFC 5424 frame to a receiver whose certificate is trusted', async () => {
    const result = await testOf('syslog', {
      host: '127.0.0.1',
      port: syslog.port,
      protocol: 'tls',
    });
    expect(result).toMatchObject({ ok: true });
    await eventually(() => syslog.frames.length >= 1, 5000, 'the frame');
    expect(syslog.frames).toHaveLength(1);
    expect(syslog.frames[0]).toMatch(/^<\d+>1 \S+ \S+ vigil \d+ channel\.test - CEF:0\|Vigil\|/);
    expect(syslog.frames[0]).toContain(`externalId=${result.deliveryId}`);
  });

  it('refuses a receiver whose certificate it does not trust, and says so in the log', async () => {
    const result = await testOf('syslog', {
      host: '127.0.0.1',
      port: untrustedSyslog.port,
      protocol: 'tls',
    });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/self-signed certificate/);
    expect(untrustedSyslog.frames).toHaveLength(0);
    const log = await admin.get('/notifications/deliveries', { status: 'failed' });
    expect(log.body.deliveries.map((d: any) => d.id)).toContain(result.deliveryId);
  });
});

describe('email over SMTP', () => {
  it('STARTTLS: upgrades the connection, then signs in and sends', async () => {
    const result = await testOf('email', { ...mail(starttls.port), secure: false });
    expect(result, result.message).toMatchObject({ ok: true });
    expect(starttls.messages).toHaveLength(1);
    expect(starttls.messages[0]).toMatchObject({
      to: ['soc@example.com'],
      secure: true,
      user: LOGIN.username,
    });
    expect(starttls.messages[0]!.raw).toContain(`X-Vigil-Delivery: ${result.deliveryId}`);
  });

  it('never sends a password to a mail server that offers no STARTTLS', async () => {
    const result = await testOf('email', { ...mail(plainSmtp.port), secure: false });
    expect(result.ok).toBe(false);
    expect(plainSmtp.messages).toHaveLength(0);
  });

  it('TLS from the first byte (secure): signs in and sends', async () => {
    const result = await testOf('email', { ...mail(implicit.port), secure: true });
    expect(result, result.message).toMatchObject({ ok: true });
    expect(implicit.messages).toHaveLength(1);
    expect(implicit.messages[0]).toMatchObject({ secure: true, user: LOGIN.username });
  });

  it('a wrong password is the mail server refusing, in the delivery log', async () => {
    const result = await testOf('email', {
      ...mail(implicit.port),
      secure: true,
      password: 'not-the-password',
    });
    expect(result.ok).toBe(false);
    expect(result.message).toContain('The mail server did not take the message');
    expect(implicit.messages).toHaveLength(1);
  });

  it('refuses a mail server whose certificate it does not trust', async () => {
    const result = await testOf('email', { ...mail(untrustedSmtp.port), secure: true });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/self-signed certificate/);
    expect(untrustedSmtp.messages).toHaveLength(0);
  });
});
