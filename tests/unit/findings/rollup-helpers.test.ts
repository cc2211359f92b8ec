import { describe, expect, it } from 'vitest';

import { resolveWindow } from '../../../src/server/case/finding-context';
import { inferLabels } from '../../../src/server/analysis/findings/rollups/infer-labels';
import { contiguousRanges } from '../../../src/server/analysis/findings/rollups/refresh-rollups';
import { riskyCategory } from '../../../src/server/analysis/findings/local-apps.detector';
import { learnHours } from '../../../src/server/analysis/findings/off-hours';
import { isOffHours, offsetAt, offsetIntervals } from '../../../src/shared/time/local-time';

const DAY = 86_400_000;

describe('rollup helpers', () => {
  it('finds the DST changes of a zone to the minute', () => {
    const start = Date.UTC(2026, 0, 1);
    const intervals = offsetIntervals('America/New_York', start, Date.UTC(2026, 11, 31));
    expect(intervals.map((i) => i.offsetMs / 3_600_000)).toEqual([-5, -4, -5]);
    expect(new Date(intervals[1]!.from).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(offsetAt(intervals, Date.UTC(2026, 6, 1))).toBe(-4 * 3_600_000);
    expect(offsetIntervals('Asia/Kolkata', start, start + 90 * DAY)).toEqual([
      { from: Number.NEGATIVE_INFINITY, offsetMs: 5.5 * 3_600_000 },
    ]);
  });

  it('gives a USB copy the label its cloud copy had, even with an extension added', () => {
    const labels = inferLabels(
      [
        { name: 'Firewall Rules 56', label: 'Confidential', n: 2 },
        { name: 'Budget.xlsx', label: 'Internal', n: 1 },
      ],
      ['Firewall Rules 56.docx', 'budget.xlsx', 'holiday.jpg'],
    );
    expect(labels).toEqual([
      { fileName: 'Firewall Rules 56.docx', label: 'Confidential' },
      { fileName: 'budget.xlsx', label: 'Internal' },
    ]);
  });

  it('gives a mail the most sensitive label of its attachments, and each attachment its own', () => {
    const labels = inferLabels(
      [
        { name: 'Salaries.xlsx', label: 'Highly Confidential', n: 3 },
        { name: 'Benefits.pdf', label: 'Internal', n: 1 },
      ],
      ['Benefits.pdf; Salaries.xlsx; lunch.jpg'],
      ['Public', 'Internal', 'Confidential', 'Highly Confidential'],
    );
    expect(labels).toEqual([
      { fileName: 'Benefits.pdf', label: 'Internal' },
      { fileName: 'Salaries.xlsx', label: 'Highly Confidential' },
      { fileName: 'Benefits.pdf; Salaries.xlsx; lunch.jpg', label: 'Highly Confidential' },
    ]);
  });

  it('groups new days into runs', () => {
    expect(contiguousRanges([3, 4, 5, 9, 11, 12])).toEqual([
      [3, 5],
      [9, 9],
      [11, 12],
    ]);
  });

  it('resolves ?window against the case and refuses nonsense', () => {
    const investigation = { windowStart: 0, windowEnd: 100 * DAY };
    expect(resolveWindow(investigation, undefined)).toEqual({ start: 0, end: 100 * DAY });
    expect(resolveWindow(investigation, '30d')).toEqual({ start: 70 * DAY, end: 100 * DAY });
    expect(resolveWindow(investigation, '365d').start).toBe(0);
    expect(() => resolveWindow(investigation, 'yesterday')).toThrow(/is not valid/);
  });
});

describe('working hours', () => {
  it('learns the shortest run of hours that holds most weekday activity', () => {
    const day = Array.from({ length: 24 }, (_, h) => (h >= 8 && h < 16 ? 10 : h === 20 ? 1 : 0));
    const heatmap = [day, day, day, day, day, day.map(() => 0), day.map(() => 0)];
    expect(learnHours(heatmap)).toEqual({ startHour: 8, endHour: 15 });
    expect(learnHours(heatmap.map((d) => d.map(() => 0)))).toBeNull();
  });

  it('treats weekends and hours outside the day (or a night shift) as off hours', () => {
    expect(isOffHours(5, 12, { startHour: 9, endHour: 17 })).toBe(true);
    expect(isOffHours(1, 8, { startHour: 9, endHour: 17 })).toBe(true);
    expect(isOffHours(1, 16, { startHour: 9, endHour: 17 })).toBe(false);
    expect(isOffHours(1, 23, { startHour: 22, endHour: 6 })).toBe(false);
    expect(isOffHours(1, 12, { startHour: 22, endHour: 6 })).toBe(true);
  });

  it('flags risky local software by executable name', () => {
    expect(riskyCategory('C:\\Program Files\\rclone\\rclone.exe')).toBe('cloud sync');
    expect(riskyCategory('C:\\Program Files\\7-Zip\\7z.exe')).toBe('archiver');
    expect(riskyCategory('C:\\Program Files\\AnyDesk\\AnyDesk.exe')).toBe('remote access');
    expect(riskyCategory('C:\\Windows\\explorer.exe')).toBeNull();
  });
});
