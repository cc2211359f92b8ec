import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

import { isPrivateAddress } from './outbound-url';

/** A vendor's reply, read whole. */
export interface VendorReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The vendor could not be reached, or the connection broke before the reply was whole. */
export class NetworkFailure extends Error {
  override readonly name = 'NetworkFailure';
}

/** What a request needs besides its URL. */
export interface VendorRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** VIGIL_ALLOW_HTTP_CONNECTORS: plain http and private addresses allowed. */
  allowInsecure: boolean;
  timeoutMs?: number;
}

/** Replies larger than this are refused: no audit API page comes near it. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Resolves like the system does, and refuses a name that resolves to a private address. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses;
    const bad = list.find((entry) => isPrivateAddress(entry.address));
    if (bad) {
      const refused = new Error(
        `${hostname} resolves to ${bad.address}, a private or loopback address; collectors connect only to public hosts`,
      );
      return callback(refused, '', 4);
    }
    if (options.all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/**
 * One HTTP request to a vendor, with the SSRF rule applied at connect time, a timeout, and the
 * body read whole: a connection reset mid-body is a NetworkFailure, never a short page.
 */
export function vendorRequest(url: string, request: VendorRequest): Promise<VendorReply> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  if (target.protocol === 'http:' && !request.allowInsecure) {
    return Promise.reject(
      new NetworkFailure(`Vigil refused to connect to ${target.origin}: not https`),
    );
  }
  if (!request.allowInsecure && isPrivateAddress(target.hostname)) {
    return Promise.reject(
      new NetworkFailure(`Vigil refused to connect to ${target.hostname}: a private address`),
    );
  }
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      target,
      {
        method: request.method ?? 'GET',
        headers: { 'user-agent': 'Vigil collector', ...request.headers },
        timeout: request.timeoutMs ?? 60_000,
        ...(request.allowInsecure ? {} : { lookup: publicOnlyLookup }),
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) {
            outgoing.destroy(
              new NetworkFailure(`the reply from ${target.host} is larger than 64 MB`),
            );
            return;
          }
          chunks.push(chunk);
        });
        incoming.on('aborted', () =>
          reject(new NetworkFailure(`the connection to ${target.host} broke mid-reply`)),
        );
        incoming.on('error', (error) =>
          reject(
            new NetworkFailure(
              `the connection to ${target.host} broke mid-reply (${error.message})`,
            ),
          ),
        );
        incoming.on('end', () => {
          if (!incoming.complete) {
            reject(new NetworkFailure(`the connection to ${target.host} broke mid-reply`));
            return;
          }
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    outgoing.on('timeout', () =>
      outgoing.destroy(new NetworkFailure(`${target.host} did not answer in time`)),
    );
    outgoing.on('error', (error) =>
      reject(
        error instanceof NetworkFailure
          ? error
          : new NetworkFailure(`Vigil could not reach ${target.host} (${error.message})`),
      ),
    );
    outgoing.end(request.body);
  });
}

/** One header's value (the first, when repeated). */
export function header(reply: VendorReply, name: string): string | undefined {
  const value = reply.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
