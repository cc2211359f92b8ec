import type { Kysely } from 'kysely';

import type { RiskPartEventsReply, RiskPartId } from '../../../shared/schemas/risk';
import { findRiskAssessment } from '../../db/queries/risk-assessments';
import { countPartEvents, listPartEvents } from '../../db/queries/risk-part-events';
import type { Database } from '../../db/schema';
import { notFound } from '../../domain-error';
import { decodeCursor, encodeCursor } from '../findings/event-cursor';
import { presentEvent } from '../../presenters/event';

/**
 * The events behind one part of a case's last assessment, newest first, chosen as the run that
 * counted them chose them (the part's `events`), so every page adds up to the part's
 * `eventCount`. A part with nothing behind it lists nothing; before the first run there is no
 * part to list (404).
 */
export async function riskPartEvents(
  db: Kysely<Database>,
  investigation: { id: string; subjectId: string },
  partId: RiskPartId,
  page: { cursor?: string | undefined; limit: number },
): Promise<RiskPartEventsReply> {
  const after = decodeCursor(page.cursor);
  const assessment = await findRiskAssessment(db, investigation.id);
  const part = assessment?.parts.find((p) => p.id === partId);
  if (!part) {
    throw notFound(
      'This case has no risk score yet: its parts appear after the first analysis run.',
    );
  }
  const selection = part.evidence.events;
  if (!selection) return { part: partId, rows: [], nextCursor: null, total: 0 };
  const rows = await listPartEvents(db, investigation.subjectId, selection, {
    ...(after ? { after } : {}),
    limit: page.limit + 1,
  });
  const shown = rows.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return {
    part: partId,
    rows: shown.map(presentEvent),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last) : null,
    total: after ? null : await countPartEvents(db, investigation.subjectId, selection),
  };
}
