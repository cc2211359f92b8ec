import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

import { SMTPServer } from 'smtp-server';

/** One request a receiver took. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local HTTP receiver: records every POST; `plan` says what each path answers next. */
export interface HttpReceiver {
  url: string;
  received: Received[];
  /** Status codes answered in turn per path, then 200. */
  plan: Map<string, number[]>;
  /** Paths that accept the request and never answer (a dead receiver). */
  hang: Set<string>;
  close(): Promise<void>;
}

export async function startHttpReceiver(): Promise<HttpReceiver> {
  const received: Received[] = [];
  const plan = new Map<string, number[]>();
  const hang = new Set<string>();
  const open = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
      if (hang.has(path)) return;
      const status = plan.get(path)?.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(String(status));
    });
  });
  server.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    plan,
    hang,
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A local SMTP server (no TLS, no authentication) that keeps every message whole. */
export interface SmtpReceiver {
  port: number;
  messages: Array<{ to: string[]; raw: string }>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: SmtpReceiver['messages'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { port, messages, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A local syslog receiver over TCP that splits octet-counted frames (RFC 6587). */
export interface SyslogReceiver {
  port: number;
  frames: string[];
  close(): Promise<void>;
}

export async function startSyslogReceiver(): Promise<SyslogReceiver> {
  const frames: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const space = buffer.indexOf(0x20);
        if (space < 0) return;
        const length = Number(buffer.subarray(0, space).toString('ascii'));
        if (buffer.length < space + 1 + length) return;
        frames.push(buffer.subarray(space + 1, space + 1 + length).toString('utf8'));
        buffer = buffer.subarray(space + 1 + length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, frames, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Waits until `check` holds, or fails after `ms`. */
export async function eventually(
  check: () => boolean,
  ms = 10_000,
  what = 'the condition',
): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
