import { describe, expect, it } from 'vitest';
import {
  parseDate,
  toZoned,
  weekday,
  zonedToUtc,
} from '../../../src/server/demo/generator/calendar';

describe('local working time becomes the right UTC instant', () => {
  it.each([
    ['America/New_York', '2026-03-06', 9, '2026-03-06T14:00:00.000Z'],
    ['America/New_York', '2026-03-09', 9, '2026-03-09T13:00:00.000Z'],
    ['Europe/London', '2026-10-23', 9, '2026-10-23T08:00:00.000Z'],
    ['Europe/London', '2026-10-26', 9, '2026-10-26T09:00:00.000Z'],
    ['Asia/Kolkata', '2026-07-01', 10, '2026-07-01T04:30:00.000Z'],
    ['Australia/Sydney', '2026-01-15', 8, '2026-01-14T21:00:00.000Z'],
    ['Australia/Sydney', '2026-06-15', 8, '2026-06-14T22:00:00.000Z'],
  ])('%s %s %s:00 is %s', (tz, date, hour, expected) => {
    expect(new Date(zonedToUtc(parseDate(date), hour * 60, tz)).toISOString()).toBe(expected);
  });

  it('handles the hours of a DST change day itself', () => {
    // 2026-03-08: New York clocks jump from 02:00 to 03:00.
    const day = parseDate('2026-03-08');
    expect(new Date(zonedToUtc(day, 60, 'America/New_York')).toISOString()).toBe(
      '2026-03-08T06:00:00.000Z',
    );
    expect(new Date(zonedToUtc(day, 4 * 60, 'America/New_York')).toISOString()).toBe(
      '2026-03-08T08:00:00.000Z',
    );
  });

  it('reaches past midnight for night sessions', () => {
    const utc = zonedToUtc(parseDate('2026-11-19'), 25 * 60, 'Europe/Berlin');
    expect(toZoned(utc, 'Europe/Berlin')).toMatchObject({
      date: { y: 2026, m: 11, d: 20 },
      hour: 1,
      minute: 0,
    });
  });

  it('reads an instant back on the local clock', () => {
    const z = toZoned(Date.parse('2026-11-20T23:30:00Z'), 'Asia/Kolkata');
    expect(z).toMatchObject({ date: { y: 2026, m: 11, d: 21 }, hour: 5, minute: 0, weekday: 6 });
    expect(weekday(parseDate('2026-11-20'))).toBe(5);
  });
});
