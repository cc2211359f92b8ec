import type { FastifyRequest } from 'fastify';

/**
 * The token of an `Authorization: Bearer <token>` header, or null without one. A request with
 * a bearer token is authenticated by that token alone, never by a cookie that comes with it.
 */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Whether the request carries credentials a browser attaches by itself (cookies): only such a
 * request can be forged cross-site, so only it needs the same-origin check. A bearer token is
 * set by the caller's own code, which a cross-site page cannot do.
 */
export function carriesAmbientCredentials(request: FastifyRequest): boolean {
  return bearerTokenOf(request) === null || request.headers.cookie !== undefined;
}
