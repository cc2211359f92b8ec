import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';

import type { Investigation } from '../../../shared/schemas/investigations';
import type { Database } from '../../db/schema';
import { loadInvestigation } from '../../case/load-investigation';
import { isAnalysisPending } from '../../analysis/runs/analysis-state';

/**
 * The case an incident route is about, or the brief's 404 when the caller may not see it, and
 * whether its analysis is due or running (replies then say `pending: true`).
 */
export async function openCase(
  db: Kysely<Database>,
  request: FastifyRequest,
  id: string,
): Promise<{ investigation: Investigation; pending: boolean }> {
  const investigation = await loadInvestigation(
    db,
    id,
    request.viewer!,
    await request.identityPolicy(),
  );
  return { investigation, pending: isAnalysisPending(investigation.analysis.state) };
}
