import type { FastifyRequest } from 'fastify';

import { forbidden } from '../domain-error';

/**
 * preHandler of the routes a person must use in person: making and revoking API tokens and
 * changing a password. A token that could make tokens would outlive its own expiry and revoking.
 */
export async function refuseApiTokens(request: FastifyRequest): Promise<void> {
  if (request.viewer?.apiToken) {
    throw forbidden(
      'This cannot be done with an API token: sign in to Vigil and do it there (Settings).',
    );
  }
}
