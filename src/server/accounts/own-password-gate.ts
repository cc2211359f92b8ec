import type { FastifyRequest } from 'fastify';

import { ERROR_CODES } from '../../shared/schemas/common';
import { forbidden } from '../domain-error';

/**
 * onRequest hook of every route but who-am-I and changing one's password: a user signed in
 * with a temporary password (an admin set it, or the first admin's printed one) may do nothing
 * else until they choose their own. The client recognises the code and shows the form; the
 * refusal holds for any other client too (a script with the cookie).
 */
export async function requireOwnPassword(request: FastifyRequest): Promise<void> {
  if (request.viewer?.passwordChangeRequired) {
    throw forbidden(
      'Your password is a temporary one: choose your own password (Settings, Change Password) before doing anything else.',
      ERROR_CODES.passwordChangeRequired,
    );
  }
}
