import type { Kysely } from 'kysely';

import { findingEndpoints } from '../../../shared/findings/case-endpoints';
import { findingRef, pinTableOf } from '../../../shared/findings/pin-tables';
import type { PinTableId } from '../../../shared/findings/pin-tables';
import { windowQuerySchema } from '../../../shared/schemas/findings/common';
import type { Viewer } from '../../accounts/viewer';
import type { Detector } from '../../analysis/findings/define-detector';
import { detectorRegistry } from '../../analysis/findings/detectors';
import { findingContext } from '../finding-context';
import type { Dialect } from '../../db/dialect';
import { subjectEventsWithRaw } from '../../db/queries/findings/pinned-events';
import type { Database } from '../../db/schema';
import type { IdentityPolicy } from '../../privacy/identity-policy';
import { invalid } from '../../domain-error';
import type { CapturedPin } from './captured-pin';
import { shortLabel } from './captured-pin';
import { parseEventIds, pinnedEvents } from './pinned-event';

/** What to pin by finding row: its table and its key there. */
export interface FindingRowToPin {
  finding: PinTableId;
  key: string;
}

/**
 * Captures a finding row for a pin: the finding is computed as its endpoint computes it (the
 * same detector, the whole window, the endpoint's default query), and the row with that key
 * is kept with the query and window it came from. A row that names its events (an access
 * request) keeps them too, with their raw records. An unknown key is refused.
 */
export async function captureFindingRow(
  handle: { db: Kysely<Database>; dialect: Dialect },
  viewer: Viewer,
  investigationId: string,
  request: FindingRowToPin,
  capturedAt: number,
  identity: IdentityPolicy,
): Promise<CapturedPin> {
  const table = pinTableOf(request.finding);
  const endpoint = findingEndpoints[table.endpoint];
  const query: unknown = ('query' in endpoint ? endpoint.query : windowQuerySchema).parse({});
  const ctx = await findingContext(handle, viewer, investigationId, identity);
  // The endpoint's own query schema made the query; its detector takes no path parameters.
  const detector: Detector = (await detectorRegistry()).of(table.endpoint);
  // Through the reply schema, as the endpoint sends it: the row holds what a reader saw.
  const reply: unknown = endpoint.reply.parse(await detector.run(ctx, query as never, {}));
  const row = table.rows(reply).find((candidate) => table.key(candidate) === request.key);
  if (row === undefined) {
    throw invalid(
      `There is no row with that key in the finding ${request.finding} of this investigation.`,
      'key',
    );
  }
  const named = table.eventIds?.(row) ?? [];
  const { ids } = parseEventIds(named);
  const rows = ids.length
    ? await subjectEventsWithRaw(
        handle.db,
        ctx.subject.id,
        { from: ctx.investigation.windowStart, to: ctx.investigation.windowEnd },
        ids,
      )
    : [];
  const { events, rawHashes } = pinnedEvents(rows);
  return {
    kind: 'finding',
    ref: findingRef(request.finding, request.key),
    label: shortLabel(table.label(row)),
    page: table.page,
    content: {
      kind: 'finding',
      investigationId: ctx.investigation.id,
      subjectEmployeeId: ctx.subject.id,
      finding: request.finding,
      key: request.key,
      endpoint: endpoint.path,
      query,
      window: ctx.window,
      capturedAt,
      row,
      ...(events.length ? { events } : {}),
    },
    rawHashes,
  };
}
