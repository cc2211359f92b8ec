import { describe, expect, it } from 'vitest';

import { localDaySpan, localParts, offsetIntervals } from '../../../src/shared/time/local-time';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const WINDOW = {
  start: Date.parse('2026-10-01T00:00:00Z'),
  end: Date.parse('2026-12-01T00:00:00Z'),
};

function span(zone: string, date: string, window = WINDOW) {
  return localDaySpan(dayOf(date), offsetIntervals(zone, window.start, window.end), window);
}

describe('the instants of a subject’s local day', () => {
  it('starts and ends at local midnight, whichever side of UTC the zone is on', () => {
    expect(span('Asia/Tokyo', '2026-10-17')).toEqual({
      from: Date.parse('2026-10-16T15:00:00Z'),
      to: Date.parse('2026-10-17T15:00:00Z'),
    });
    expect(span('America/Los_Angeles', '2026-10-17')).toEqual({
      from: Date.parse('2026-10-17T07:00:00Z'),
      to: Date.parse('2026-10-18T07:00:00Z'),
    });
  });

  it('is 25 hours on the day daylight saving ends and 23 on the day it starts', () => {
    const autumn = span('America/Los_Angeles', '2026-11-01');
    expect(autumn.to - autumn.from).toBe(25 * HOUR);
    const window = {
      start: Date.parse('2026-03-01T00:00:00Z'),
      end: Date.parse('2026-04-01T00:00:00Z'),
    };
    const spring = span('America/Los_Angeles', '2026-03-08', window);
    expect(spring.to - spring.from).toBe(23 * HOUR);
  });

  it('follows the half hours the figures count by, in a zone a quarter hour off (Kathmandu, +5:45)', () => {
    const offsets = offsetIntervals('Asia/Kathmandu', WINDOW.start, WINDOW.end);
    const { from, to } = span('Asia/Kathmandu', '2026-10-17');
    // Local midnight is 18:15 UTC; the half hour from 18:00 starts at 23:45 local and counts
    // in the day before, so the day's range starts with the next half hour, as its count does.
    expect(from).toBe(Date.parse('2026-10-16T18:30:00Z'));
    expect(to).toBe(Date.parse('2026-10-17T18:30:00Z'));
    expect(localParts(from - 1_800_000, offsets).day).toBe(dayOf('2026-10-16'));
    expect(localParts(from, offsets).day).toBe(dayOf('2026-10-17'));
  });

  it('is cut to the window', () => {
    const window = { start: Date.parse('2026-10-17T10:00:00Z'), end: WINDOW.end };
    expect(span('America/Los_Angeles', '2026-10-17', window).from).toBe(window.start);
  });
});
