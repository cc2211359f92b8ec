import { createHmac } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { checkTargetUrl } from '../../../src/server/ingest/collectors/outbound-url';
import { cefLine, syslogFrame } from '../../../src/server/notify/channels/syslog';
import { webhookSignature } from '../../../src/server/notify/channels/webhook';
import type { NotificationMessage } from '../../../src/server/notify/notification-message';
import { buildMessage } from '../../../src/server/notify/notification-message';
import { retryDelayMs } from '../../../src/server/notify/send-delivery';

const context = {
  publicUrl: 'https://vigil.example',
  pseudonyms: { of: (id: string) => ({ name: `Person ${id.toUpperCase()}` }) },
  withhold: (text: string) => text.replace('Jane Doe', '[withheld]'),
};

function alertMessage(title = 'Windows event logs cleared'): NotificationMessage {
  return buildMessage(
    'delivery-1',
    {
      type: 'alert.created',
      alert: {
        id: 'a1',
        title,
        severity: 'high',
        ruleId: 'event-log-cleared',
        policyIds: [],
        employeeId: 'e7',
      },
    },
    `High alert: ${title}`,
    Date.UTC(2026, 10, 28, 12),
    context,
  );
}

describe('the webhook signature', () => {
  it('is HMAC-SHA256 of "<timestamp>.<body>" as sha256=<hex>', () => {
    const body = '{"id":"d"}';
    const hex = createHmac('sha256', 'secret').update(`1700000000.${body}`).digest('hex');
    expect(webhookSignature('secret', 1700000000, body)).toBe(`sha256=${hex}`);
    expect(webhookSignature('other', 1700000000, body)).not.toBe(`sha256=${hex}`);
  });
});

describe('an alert message', () => {
  it('has exactly the documented webhook body, the person by pseudonym', () => {
    expect(alertMessage().body).toEqual({
      id: 'delivery-1',
      type: 'alert.created',
      occurredAt: '2026-11-28T12:00:00.000Z',
      alert: {
        id: 'a1',
        title: 'Windows event logs cleared',
        severity: 'high',
        rule: 'event-log-cleared',
        person: { pseudonym: 'Person E7' },
        url: 'https://vigil.example/app/alerts/a1',
      },
    });
  });

  it('withholds names a person wrote into a case title', () => {
    const message = buildMessage(
      'd2',
      {
        type: 'case.assigned',
        investigation: { id: 'c1', title: 'Jane Doe and the USB stick' },
        assigneeUserId: 'u1',
      },
      'A case was assigned',
      0,
      context,
    );
    expect(JSON.stringify(message)).not.toContain('Jane Doe');
    expect(message.body).toMatchObject({ case: { title: '[withheld] and the USB stick' } });
  });
});

describe('syslog', () => {
  it('escapes CEF: pipes and backslashes in the header, = and newlines in extensions', () => {
    const line = cefLine(alertMessage('a|b\\c=d\ne'));
    expect(line).toContain('|High alert: a\\|b\\\\c=d e|8|');
    expect(line).toContain('msg=High alert: a|b\\\\c\\=d\\ne');
  });

  it('frames an RFC 5424 message by its length in bytes (RFC 6587 octet counting)', () => {
    const frame = syslogFrame(alertMessage('café'), 'host-1');
    const text = frame.toString('utf8');
    const space = text.indexOf(' ');
    const length = Number(text.slice(0, space));
    expect(frame.length - Buffer.byteLength(text.slice(0, space + 1))).toBe(length);
    expect(text.slice(space + 1)).toMatch(/^<107>1 \S+Z host-1 vigil \d+ alert\.created - CEF:0\|/);
  });
});

describe('retries', () => {
  it('wait 10 s, then twice as long each time, at most an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 10_000))).toEqual([
      10_000, 20_000, 40_000, 80_000,
    ]);
    expect(retryDelayMs(20, 10_000)).toBe(3_600_000);
  });
});

describe('channel URLs', () => {
  it('are https to public hosts unless http connectors are allowed; a query is kept', () => {
    expect(checkTargetUrl('https://hooks.example.com/x?sig=1', false)).toEqual({
      url: 'https://hooks.example.com/x?sig=1',
    });
    for (const bad of [
      'http://hooks.example.com/',
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://localhost/',
    ]) {
      expect(checkTargetUrl(bad, false)).toHaveProperty('problem');
    }
    expect(checkTargetUrl('http://127.0.0.1:9/x', true)).toEqual({ url: 'http://127.0.0.1:9/x' });
  });
});
