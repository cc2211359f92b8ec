import type { Kysely } from 'kysely';

import type { Investigation } from '../../../shared/schemas/investigations';
import type { Viewer } from '../../accounts/viewer';
import type { Dialect } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { IdentityPolicy } from '../../privacy/identity-policy';
import { captureEvents } from './capture-events';
import type { EventsToPin } from './capture-events';
import { captureFindingRow } from './capture-finding-row';
import type { FindingRowToPin } from './capture-finding-row';
import type { CapturedPin } from './captured-pin';

/** A pin request as the body schema leaves it: events, or a finding row by key. */
export type PinRequest = Partial<EventsToPin & FindingRowToPin>;

/**
 * Captures what a pin request names, read by the server itself: events of the subject in the
 * window with their raw records, or the row of a finding computed as its endpoint computes it.
 */
export function capturePin(
  handle: { db: Kysely<Database>; dialect: Dialect },
  viewer: Viewer,
  investigation: Investigation,
  request: PinRequest,
  capturedAt: number,
  identity: IdentityPolicy,
): Promise<CapturedPin> {
  if (request.eventIds) {
    return captureEvents(
      handle.db,
      investigation,
      { eventIds: request.eventIds, page: request.page, incidentId: request.incidentId },
      capturedAt,
    );
  }
  // The body schema requires finding and key together when eventIds is absent.
  return captureFindingRow(
    handle,
    viewer,
    investigation.id,
    { finding: request.finding!, key: request.key! },
    capturedAt,
    identity,
  );
}
