import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';
import { forbidden, invalid, unsupportedType } from '../domain-error';
import { carriesAmbientCredentials } from './credentials';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ACCEPTED_TYPES = ['application/json', 'multipart/form-data'];

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

/**
 * Cross-site request forgery defence for cookie-authenticated routes: unsafe methods must come
 * from this origin (Origin, else Sec-Fetch-Site) and carry JSON or multipart, which a plain
 * cross-site form cannot send.
 */
export function checkSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const expected = `${request.protocol}://${request.host}`;
    if (origin !== expected) {
      throw forbidden('Cross-site request refused: the Origin header is not this site.');
    }
  } else {
    const site = request.headers['sec-fetch-site'];
    if (site !== 'same-origin' && site !== 'none') {
      throw forbidden(
        'Cross-site request refused: the request has no Origin or Sec-Fetch-Site header from this site.',
      );
    }
  }
  if (hasBody(request)) {
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!ACCEPTED_TYPES.includes(type)) {
      throw unsupportedType(
        'Send the request body as application/json (or multipart/form-data for uploads).',
      );
    }
  }
}

/**
 * The headers helmet sets for these options, computed once. Our policy has no per-request part
 * (no nonces), and @fastify/helmet would rebuild the middleware and reparse the policy on every
 * request: about a twentieth of the CPU of a small API call.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/**
 * Refuses a request whose target is not a path: the absolute form (`GET http://host/api/…`) is
 * for proxies, and a server that routes it has two spellings of one route to keep apart.
 */
export function refuseAbsoluteTarget(request: FastifyRequest): void {
  if (!request.raw.url?.startsWith('/')) {
    throw invalid('The request target must be a path starting with "/", not a full address.');
  }
}

/**
 * The API scope's own defences, installed on the /api/app scope itself (never by testing the
 * URL, whose spelling the router decodes: `/api/%61pp` is the same route): the same-origin check
 * on unsafe methods, unless a route opts out (token-authenticated push) or the request comes with
 * an API token and no cookie (automation; see carriesAmbientCredentials), and no caching.
 */
export function guardApiScope(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.csrf === false) return;
    if (!carriesAmbientCredentials(request)) return;
    checkSameOrigin(request);
  });
  scope.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });
}

/** Security headers (strict CSP, no framing, nosniff) and a path for every request target. */
export const securityPlugin = fp(
  async (app) => {
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Plotly and cmdk set element styles at run time; no script is allowed inline.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: app.config.secureCookies,
    });
    app.addHook('onRequest', async (request, reply) => {
      void reply.headers(headers);
      refuseAbsoluteTarget(request);
    });
  },
  { name: 'vigil-security' },
);
