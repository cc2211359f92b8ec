import { describe, expect, it } from 'vitest';

import { describeFilter } from '../../../src/client/features/timeline/timeline-filters';

describe('the timeline says the filters a figure opened it with', () => {
  it('a heatmap cell as a weekday and an hour of the subject’s zone', () => {
    expect(describeFilter({ weekday: '1', hour: '22' }, 'Europe/Berlin')).toEqual([
      'Mondays 22:00–23:00 (Europe/Berlin)',
    ]);
  });

  it('off hours, days, contacts, flags and ids in words', () => {
    expect(
      describeFilter(
        {
          category: 'app',
          offHours: '9-17',
          counterpart: 'c-aaaaaaaa,c-bbbbbbbb',
          flag: 'command',
        },
        'UTC',
      ),
    ).toEqual([
      'App',
      'suspicious commands',
      'with 2 contacts',
      'outside 9:00–17:00 on weekdays, and weekends (UTC)',
    ]);
    expect(
      describeFilter({ days: '2026-10-03,2026-10-04,2026-10-10,2026-10-11', ids: '7' }),
    ).toEqual(['1 chosen event', 'on 2026-10-03, 2026-10-04, 2026-10-10 and 1 more day']);
  });
});

describe('stored keys in the chips and subtitle are words', () => {
  it('activities, destinations and sources', () => {
    expect(
      describeFilter({
        activity: 'email_send,usb_write',
        destination: 'personal_email',
        source: 'm365',
      }),
    ).toEqual(['Microsoft 365', 'Email send, USB write', 'Personal email']);
  });
});
