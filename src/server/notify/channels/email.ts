import nodemailer from 'nodemailer';

import type { NotificationMessage } from '../notification-message';
import { DeliveryFailure, tlsTrust, type ChannelSender } from './channel-sender';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The email's plain text: the facts, one a line, and the link. */
export function emailText(message: NotificationMessage): string {
  return [
    message.title,
    '',
    ...message.facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `Open in Vigil: ${message.url}`,
    '',
    `Delivery ${message.deliveryId}`,
  ].join('\n');
}

function emailHtml(message: NotificationMessage): string {
  const rows = message.facts
    .map(
      ([label, value]) =>
        `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<p><strong>${escapeHtml(message.title)}</strong></p><table>${rows}</table><p><a href="${escapeHtml(
    message.url,
  )}">Open in Vigil</a></p>`;
}

/**
 * Email over SMTP (nodemailer): TLS from the first byte when `secure`, otherwise STARTTLS when
 * the server offers it (required when signing in); authentication when a user name is set. A personal notification goes
 * to the person's own address, everything else to the channel's list.
 */
export const sendEmail: ChannelSender = async (message, target) => {
  const s = target.settings;
  const signsIn = typeof s.username === 'string' && s.username !== '';
  const transport = nodemailer.createTransport({
    host: String(s.host),
    port: Number(s.port),
    secure: Boolean(s.secure),
    // A password never travels in clear: without TLS from the first byte, STARTTLS is required.
    requireTLS: signsIn && !s.secure,
    ...(signsIn
      ? { auth: { user: s.username, pass: typeof s.password === 'string' ? s.password : '' } }
      : {}),
    connectionTimeout: target.timeoutMs,
    greetingTimeout: target.timeoutMs,
    socketTimeout: target.timeoutMs,
    tls: { ...tlsTrust(target) },
  });
  try {
    await transport.sendMail({
      from: String(s.from),
      to: target.recipient ? [target.recipient] : (s.to as string[]),
      subject: `[Vigil] ${message.title}`,
      text: emailText(message),
      html: emailHtml(message),
      headers: { 'X-Vigil-Delivery': message.deliveryId },
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DeliveryFailure(`The mail server did not take the message: ${reason.slice(0, 300)}`);
  } finally {
    transport.close();
  }
};
