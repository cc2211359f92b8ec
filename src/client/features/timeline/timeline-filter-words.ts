import { keyLabel, plural } from '../../../shared/wording';
import type { TimelineFilter } from '../../api/timeline/subject-timeline';

/** The filters read on the subject's own clock: said together, with their zone. */
const SLOT_PARAMS: ReadonlySet<string> = new Set(['weekday', 'hour', 'offHours', 'days']);

/** Whether a filter is read on the subject's clock. */
export const isSlotParam = (name: string) => SLOT_PARAMS.has(name);

const WEEKDAYS = [
  'Mondays',
  'Tuesdays',
  'Wednesdays',
  'Thursdays',
  'Fridays',
  'Saturdays',
  'Sundays',
];

const FILES: Record<string, string> = {
  all: 'file movements',
  leaving: 'files that left company storage',
  staying: 'files that stayed in company storage',
};

const FLAGS: Record<string, string> = {
  external_email: 'mail outside the company',
  competitor: 'messages naming a competitor',
  command: 'suspicious commands',
};

const hourSpan = (hour: number) => `${hour}:00–${hour + 1}:00`;

/** One filter's value in words, as the subtitle and the filter's chip say it. */
export function describeParam(name: string, value: string): string {
  const list = value.split(',');
  switch (name) {
    case 'weekday':
      return WEEKDAYS[Number(value) - 1] ?? `weekday ${value}`;
    case 'hour':
      return `${hourSpan(Number(value))} every day`;
    case 'offHours': {
      const [start, end] = value.split('-');
      return `outside ${start}:00–${end}:00 on weekdays, and weekends`;
    }
    case 'days':
      return list.length > 3
        ? `on ${list.slice(0, 3).join(', ')} and ${plural(list.length - 3, 'more day', 'more days')}`
        : `on ${list.join(', ')}`;
    case 'files':
      return FILES[value] ?? value;
    case 'flag': {
      const [flag, detail] = value.split(':');
      return detail ? `commands matching ${detail}` : (FLAGS[flag ?? ''] ?? value);
    }
    case 'attachments':
      return 'with attachments';
    case 'process':
      return `process ${list.join(' or ')}`;
    case 'counterpart':
      return `with ${plural(list.length, 'contact')}`;
    case 'ids':
      return plural(list.length, 'chosen event');
    case 'source':
    case 'activity':
    case 'category':
    case 'destination':
    case 'outcome':
      // Stored keys (email_send, personal_email) as words.
      return list.map(keyLabel).join(', ');
    default:
      return list.join(', ');
  }
}

/**
 * The filters on the subject's clock in words, or null without any: a weekday and an hour
 * read as one slot ("Mondays 22:00–23:00"); the caller adds the zone.
 */
export function describeSlot(filter: TimelineFilter): string | null {
  const parts: string[] = [];
  if (filter.weekday && filter.hour)
    parts.push(`${describeParam('weekday', filter.weekday)} ${hourSpan(Number(filter.hour))}`);
  else if (filter.weekday) parts.push(describeParam('weekday', filter.weekday));
  else if (filter.hour) parts.push(describeParam('hour', filter.hour));
  if (filter.offHours) parts.push(describeParam('offHours', filter.offHours));
  if (filter.days) parts.push(describeParam('days', filter.days));
  return parts.length ? parts.join(', ') : null;
}
