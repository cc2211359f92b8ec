import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';

import type { NotificationMessage } from '../notification-message';
import { DeliveryFailure, tlsTrust, type ChannelSender } from './channel-sender';

/** CEF severity (0 to 10) and syslog severity (RFC 5424) of a message. */
const SEVERITIES: Record<string, { cef: number; syslog: number }> = {
  critical: { cef: 10, syslog: 2 },
  high: { cef: 8, syslog: 3 },
  medium: { cef: 5, syslog: 4 },
  low: { cef: 3, syslog: 5 },
};
/** Facility 13, log audit (RFC 5424, table 1). */
const FACILITY = 13;

const cefHeader = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const cefValue = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/=/g, '\\=').replace(/\r?\n/g, '\\n');

/**
 * The CEF line (ArcSight Common Event Format) of a message: vendor Vigil, the event type as
 * signature id, the title as name, and the facts as extension fields (the person by pseudonym
 * as suser, the link as request, the delivery id as externalId).
 */
export function cefLine(message: NotificationMessage): string {
  const body = message.body as {
    alert?: { id: string; rule: string; person: { pseudonym: string } };
  };
  const severity = SEVERITIES[message.severity ?? '']?.cef ?? 3;
  const extension: Array<[string, string]> = [
    ['rt', String(Date.parse(message.occurredAt))],
    ['externalId', message.deliveryId],
    ['request', message.url],
    ['msg', message.title],
    ...(body.alert
      ? ([
          ['suser', body.alert.person.pseudonym],
          ['cs1Label', 'rule'],
          ['cs1', body.alert.rule],
          ['cs2Label', 'alertId'],
          ['cs2', body.alert.id],
        ] as Array<[string, string]>)
      : []),
  ];
  return [
    'CEF:0',
    'Vigil',
    'Vigil',
    '1',
    cefHeader(message.type),
    cefHeader(message.title),
    String(severity),
    extension.map(([key, value]) => `${key}=${cefValue(value)}`).join(' '),
  ].join('|');
}

/**
 * One RFC 5424 message with the CEF line as its MSG, framed by octet counting (RFC 6587
 * section 3.4.1: the length in bytes, a space, the message), as TCP and TLS receivers expect.
 */
export function syslogFrame(message: NotificationMessage, hostname = os.hostname()): Buffer {
  const pri = FACILITY * 8 + (SEVERITIES[message.severity ?? '']?.syslog ?? 6);
  const host = hostname.replace(/[^\x21-\x7e]/g, '').slice(0, 255) || '-';
  const msgId = message.type.replace(/[^\x21-\x7e]/g, '').slice(0, 32);
  const line = `<${pri}>1 ${new Date().toISOString()} ${host} vigil ${process.pid} ${msgId} - ${cefLine(message)}`;
  const bytes = Buffer.from(line, 'utf8');
  return Buffer.concat([Buffer.from(`${bytes.length} `, 'ascii'), bytes]);
}

/** Syslog to a SIEM over TCP or TLS: one connection per delivery, closed once written. */
export const sendSyslog: ChannelSender = (message, target) => {
  const s = target.settings;
  const host = String(s.host);
  const port = Number(s.port);
  const frame = syslogFrame(message);
  return new Promise<void>((resolve, reject) => {
    const fail = (reason: string) => {
      socket.destroy();
      reject(new DeliveryFailure(`The syslog receiver could not be reached: ${reason}`));
    };
    const socket =
      s.protocol === 'tls'
        ? tls.connect({
            host,
            port,
            servername: net.isIP(host) ? undefined : host,
            ...tlsTrust(target),
          })
        : net.connect({ host, port });
    socket.setTimeout(target.timeoutMs, () =>
      fail(`no answer within ${target.timeoutMs / 1000} s.`),
    );
    socket.once('error', (error: Error) => fail(error.message));
    socket.once(s.protocol === 'tls' ? 'secureConnect' : 'connect', () => {
      socket.end(frame, () => resolve());
    });
  });
};
