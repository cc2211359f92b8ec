import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import tls from 'node:tls';

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

/** A local SMTP server that keeps every message whole, with how it came. */
export interface SmtpReceiver {
  port: number;
  messages: Array<{ to: string[]; raw: string; secure: boolean; user: string | null }>;
  close(): Promise<void>;
}

/**
 * Plain (no TLS, no authentication) by default. With `tls`: STARTTLS offered ('starttls') or
 * TLS from the first byte ('secure') under the given certificate; with `auth`, a user name and
 * password are required (and, as smtp-server insists, only over TLS).
 */
export async function startSmtpReceiver(
  options: {
    tls?: { mode: 'starttls' | 'secure'; cert: string; key: string };
    auth?: { username: string; password: string };
    /** Takes a password without TLS (a badly set up server a client must not trust with it). */
    allowInsecureAuth?: boolean;
  } = {},
): Promise<SmtpReceiver> {
  const messages: SmtpReceiver['messages'] = [];
  const disabled = [...(options.tls ? [] : ['STARTTLS']), ...(options.auth ? [] : ['AUTH'])];
  const server = new SMTPServer({
    authOptional: !options.auth,
    allowInsecureAuth: options.allowInsecureAuth ?? false,
    disabledCommands: disabled,
    logger: false,
    ...(options.tls
      ? { secure: options.tls.mode === 'secure', cert: options.tls.cert, key: options.tls.key }
      : {}),
    onAuth(auth, _session, callback) {
      const { username, password } = options.auth ?? {};
      if (auth.username === username && auth.password === password) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid user name or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
          secure: session.secure,
          user: typeof session.user === 'string' ? session.user : null,
        });
        callback();
      });
    },
  });
  // A client that refuses the certificate drops the connection: not the receiver's failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { port, messages, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A local syslog receiver over TCP, or TLS, that splits octet-counted frames (RFC 6587). */
export interface SyslogReceiver {
  port: number;
  frames: string[];
  close(): Promise<void>;
}

export async function startSyslogReceiver(
  options: { tls?: { cert: string; key: string } } = {},
): Promise<SyslogReceiver> {
  const frames: string[] = [];
  const onSocket = (socket: net.Socket) => {
    let buffer = Buffer.alloc(0);
    socket.on('error', () => undefined);
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
  };
  const server = options.tls
    ? tls.createServer({ cert: options.tls.cert, key: options.tls.key }, onSocket)
    : net.createServer(onSocket);
  // A client that refuses the certificate drops the connection: not the receiver's failure.
  server.on('tlsClientError', () => undefined);
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
