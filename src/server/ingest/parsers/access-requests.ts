import type { Outcome } from '../../../shared/events';
import { resolveActor } from './addresses';
import { defineRecordParser } from './define-parser';
import { field, firstText, isObject, lookup, text } from './fields';
import { parseTime, requireTime } from './timestamps';

/** Request states by what they mean for the access. */
const STATUS: Record<string, { status: string; outcome: Outcome }> = {
  approved: { status: 'approved', outcome: 'success' },
  closed_complete: { status: 'approved', outcome: 'success' },
  'closed complete': { status: 'approved', outcome: 'success' },
  complete: { status: 'approved', outcome: 'success' },
  fulfilled: { status: 'approved', outcome: 'success' },
  rejected: { status: 'rejected', outcome: 'failure' },
  closed_rejected: { status: 'rejected', outcome: 'failure' },
  'closed rejected': { status: 'rejected', outcome: 'failure' },
  closed_incomplete: { status: 'rejected', outcome: 'failure' },
  cancelled: { status: 'cancelled', outcome: 'failure' },
  closed_cancelled: { status: 'cancelled', outcome: 'failure' },
};

/** ServiceNow JSON exports may give `{display_value, value}` instead of a plain value. */
function value(record: unknown, name: string): string | null {
  const raw = field(record, name);
  return isObject(raw) ? firstText(raw.display_value, raw.value) : text(raw);
}

/**
 * Requested items from a ServiceNow-like catalog export (JSON or CSV): number (RITM0012345),
 * opened_at, requested_for, requested_by, item, role, state, approver, approved_at,
 * justification. Each state of a request is its own `access_request` event, keyed
 * `<number>:<status>` and dated when it happened (approved_at for a decision, opened_at before),
 * so a later export that carries the decision adds to the timeline instead of being dropped
 * as a duplicate. Times without a zone are UTC.
 */
export const accessRequestsParser = defineRecordParser({
  source: 'access_requests',
  label: 'Access requests',
  recordNoun: 'an access request',
  description:
    'Access requests from a ticketing system (ServiceNow requested items): who asked for what, and the decision.',
  framings: ['csv', 'json-array', 'ndjson', 'json-wrapper'],
  mismatch: (record) =>
    value(record, 'number') === null
      ? 'it has no `number` (a request number such as RITM0012345)'
      : null,
  parse(record, context) {
    const number = value(record, 'number')!;
    const state = value(record, 'state')?.toLowerCase() ?? 'pending';
    const { status, outcome } = lookup(STATUS, state) ?? {
      status: state,
      outcome: 'unknown' as const,
    };
    const decided = outcome !== 'unknown' && value(record, 'approved_at') !== null;
    const time = requireTime(
      decided ? value(record, 'approved_at') : value(record, 'opened_at'),
      {
        name: decided ? '`approved_at`' : '`opened_at`',
        missing: 'access requests need `opened_at`',
      },
      context.position,
      context.options,
    );
    const requestedFor = value(record, 'requested_for');
    if (requestedFor === null) context.fail('no actor: access requests need `requested_for`');
    const item = firstText(
      value(record, 'item'),
      value(record, 'cat_item'),
      value(record, 'resource'),
    );
    if (item === null)
      context.fail('no resource: access requests need `item` (what access was asked for)');
    const openedAt = parseTime(value(record, 'opened_at'));
    const approvedAt = parseTime(value(record, 'approved_at'));
    return [
      context.event({
        time,
        sourceEventId: `${number}:${status}`,
        activity: 'access_request',
        action: state,
        outcome,
        ...resolveActor(requestedFor, context.options),
        app: value(record, 'source_system') ?? 'ServiceNow',
        target: item,
        attributes: {
          number,
          role: value(record, 'role'),
          status,
          approver: value(record, 'approver'),
          justification: value(record, 'justification'),
          requestedBy: value(record, 'requested_by'),
          openedAt: Number.isNaN(openedAt) ? null : openedAt,
          approvedAt: Number.isNaN(approvedAt) ? null : approvedAt,
        },
      }),
    ];
  },
});
