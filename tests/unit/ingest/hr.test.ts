import { describe, expect, it } from 'vitest';

import { hrParser } from '../../../src/server/ingest/parsers/hr';
import { parseRecords, rejectionOf } from './support/parse-records';

/** One row of a Workday-like worker export, as CSV gives it. */
function worker(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    record_id: 'WD-000981',
    employee_id: 'E1042',
    full_name: 'Jane Doe',
    email: 'Jane.Doe@acme.com',
    department: 'Sales Engineering',
    title: 'Senior Solutions Engineer',
    manager_id: 'E0007',
    location: 'Lyon',
    timezone: 'Europe/Paris',
    work_start_hour: '9',
    work_end_hour: '18',
    start_date: '2019-03-04',
    resignation_date: '',
    departure_date: '',
    event_type: '',
    effective_date: '',
    ...overrides,
  };
}

describe('HR feed parser', () => {
  it('gives the employee record of every row', () => {
    const { employees, errors } = parseRecords(hrParser, [worker()]);
    expect(errors).toEqual([]);
    expect(employees).toEqual([
      {
        id: 'E1042',
        fullName: 'Jane Doe',
        email: 'jane.doe@acme.com',
        department: 'Sales Engineering',
        title: 'Senior Solutions Engineer',
        managerId: 'E0007',
        location: 'Lyon',
        timezone: 'Europe/Paris',
        workStartHour: 9,
        workEndHour: 18,
        startDate: '2019-03-04',
        resignationDate: null,
        departureDate: null,
      },
    ]);
  });

  it('dates a resignation event by its effective date, with a stable id', () => {
    const row = worker({
      event_type: 'resignation',
      effective_date: '2024-05-06',
      resignation_date: '2024-05-06',
      departure_date: '2024-05-31',
    });
    const { events, employees } = parseRecords(hrParser, [row]);
    expect(employees[0]).toMatchObject({
      resignationDate: '2024-05-06',
      departureDate: '2024-05-31',
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      source: 'hr',
      sourceEventId: 'E1042:hr_resignation:2024-05-06',
      time: Date.parse('2024-05-06T00:00:00Z'),
      activity: 'hr_resignation',
      category: 'hr',
      classUid: 9001,
      activityId: 2,
      actorEmail: 'jane.doe@acme.com',
      actorId: 'E1042',
    });
  });

  it('derives events from the dates of a snapshot row, leaving future dates to the employee record', () => {
    const snapshot = worker({ resignation_date: '2024-05-06', departure_date: '2024-06-28' });
    const { events } = parseRecords(hrParser, [
      snapshot,
      worker({ event_type: 'hire', effective_date: '2019-03-04' }),
    ]);
    expect(events.map((event) => event.sourceEventId)).toEqual([
      'E1042:hr_hire:2019-03-04',
      'E1042:hr_resignation:2024-05-06',
      'E1042:hr_hire:2019-03-04',
    ]);
  });

  it('gives a change row only its employee record', () => {
    const { events, employees } = parseRecords(hrParser, [
      worker({ event_type: 'change', title: 'Account Executive', start_date: '' }),
    ]);
    expect(events).toEqual([]);
    expect(employees[0]!.title).toBe('Account Executive');
  });

  it('rejects rows with what to fix', () => {
    const { errors } = parseRecords(hrParser, [
      worker({ email: 'jane.doe' }),
      worker({ timezone: 'CET+1' }),
      worker({ work_start_hour: '9am' }),
      worker({ start_date: '04/03/2019' }),
      worker({ event_type: 'promotion' }),
      worker({ full_name: '' }),
    ]);
    expect(errors.map((error) => error.message)).toEqual([
      'record 1: `email` "jane.doe" is not an email address',
      'record 2: `timezone` "CET+1" is not an IANA time zone such as Europe/Paris',
      'record 3: `work_start_hour` is "9am": use a whole hour from 0 to 23',
      'record 4: `start_date` is "04/03/2019": use a date such as 2024-05-01',
      'record 5: unknown event_type "promotion": use hire, resignation, departure or change',
      'record 6: no name: HR records need `full_name`',
    ]);
    expect(rejectionOf(hrParser, { number: 'RITM1' })).toBe(
      'record 1: not an HR record: it has no `employee_id`',
    );
  });
});
