import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { DomainError } from '../domain-error';

/**
 * Appends `access.denied` when a signed-in user is refused (ASVS 5.0 16.3.2): every 403, and
 * the 404 that hides a case from someone who is not its member. Unknown paths and requests
 * without a session are not recorded: anyone could flood the log with those. A failure to
 * write the entry is logged and never changes the reply.
 */
export async function auditRefusal(
  app: FastifyInstance,
  request: FastifyRequest,
  problem: DomainError,
  status: number,
): Promise<void> {
  if (!request.viewer) return;
  if (problem.kind !== 'forbidden' && !problem.refusal) return;
  const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
  try {
    await app.audit(request, {
      action: 'access.denied',
      targetType: problem.refusal?.targetType ?? 'route',
      targetId: problem.refusal?.targetId ?? route,
      details: {
        status,
        route,
        path: request.url.split('?')[0],
        reason: problem.refusal?.reason ?? problem.message,
      },
    });
  } catch (error) {
    request.log.error({ err: error }, 'a refused request could not be audited');
  }
}
