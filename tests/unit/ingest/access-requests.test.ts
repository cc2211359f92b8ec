import { describe, expect, it } from 'vitest';

import { accessRequestsParser } from '../../../src/server/ingest/parsers/access-requests';
import { parseOne, parseRecords, rejectionOf } from './support/parse-records';

/** A requested item as a ServiceNow CSV export gives it (every value a string). */
function requestRow(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    number: 'RITM0012345',
    opened_at: '2024-04-29 08:15:00',
    requested_for: 'jane.doe@acme.com',
    requested_by: 'jane.doe@acme.com',
    item: 'Salesforce - Reports export',
    role: 'Report Exporter',
    state: 'approved',
    approver: 'raj.patel@acme.com',
    approved_at: '2024-04-29 10:02:00',
    justification: 'Quarterly pipeline review',
    ...overrides,
  };
}

describe('access request parser', () => {
  it('turns a request into an access_request event on the resource, dated by its decision', () => {
    expect(parseOne(accessRequestsParser, requestRow())).toMatchObject({
      source: 'access_requests',
      sourceEventId: 'RITM0012345:approved',
      time: Date.parse('2024-04-29T10:02:00Z'),
      activity: 'access_request',
      category: 'access_request',
      classUid: 9002,
      outcome: 'success',
      actorEmail: 'jane.doe@acme.com',
      target: 'Salesforce - Reports export',
      attributes: {
        number: 'RITM0012345',
        role: 'Report Exporter',
        status: 'approved',
        approver: 'raj.patel@acme.com',
        justification: 'Quarterly pipeline review',
        openedAt: Date.parse('2024-04-29T08:15:00Z'),
      },
    });
  });

  it('keeps each state of a request, so a later approval is not lost as a duplicate', () => {
    const { events } = parseRecords(accessRequestsParser, [
      requestRow({ state: 'pending', approved_at: '', approver: '' }),
      requestRow({ state: 'closed_complete' }),
      requestRow({ number: 'RITM0012346', state: 'rejected', approved_at: '2024-04-30 09:00:00' }),
    ]);
    expect(
      events.map((event) => [
        event.sourceEventId,
        event.outcome,
        event.attributes.status,
        event.time,
      ]),
    ).toEqual([
      ['RITM0012345:pending', 'unknown', 'pending', Date.parse('2024-04-29T08:15:00Z')],
      ['RITM0012345:approved', 'success', 'approved', Date.parse('2024-04-29T10:02:00Z')],
      ['RITM0012346:rejected', 'failure', 'rejected', Date.parse('2024-04-30T09:00:00Z')],
    ]);
  });

  it("reads ServiceNow's JSON display values", () => {
    const json = {
      number: { display_value: 'RITM0099', value: 'RITM0099' },
      opened_at: { display_value: '2024-04-29 08:15:00', value: '2024-04-29 08:15:00' },
      requested_for: {
        display_value: 'jane.doe@acme.com',
        value: '6816f79cc0a8016401c5a33be04be441',
      },
      cat_item: { display_value: 'GitHub org owner', value: 'a1b2' },
      state: { display_value: 'Pending', value: '1' },
    };
    expect(parseOne(accessRequestsParser, json)).toMatchObject({
      target: 'GitHub org owner',
      actorEmail: 'jane.doe@acme.com',
    });
  });

  it('rejects requests without a date, a requester or a resource', () => {
    const { errors } = parseRecords(accessRequestsParser, [
      requestRow({ opened_at: '', state: 'pending' }),
      requestRow({ requested_for: '' }),
      requestRow({ item: '' }),
    ]);
    expect(errors.map((error) => error.message)).toEqual([
      'record 1: no time: access requests need `opened_at`',
      'record 2: no actor: access requests need `requested_for`',
      'record 3: no resource: access requests need `item` (what access was asked for)',
    ]);
    expect(rejectionOf(accessRequestsParser, { employee_id: 'E1' })).toBe(
      'record 1: not an access request: it has no `number` (a request number such as RITM0012345)',
    );
  });
});
