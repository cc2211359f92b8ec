import type { TimelineEvent } from '../../shared/schemas/incidents';
import { readJson } from '../db/dialect';
import type { TimelineEventRow } from '../db/queries/incidents';
import { plural } from '../../shared/wording';

const cut = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function lastSegment(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).pop() ?? path;
}

function recipients(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  try {
    const list = readJson<unknown>(value);
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

/** One line saying what an event did, from its normalized fields (no raw record needed). */
export function summarizeEvent(row: TimelineEventRow): string {
  const file = row.file_name ?? (row.file_path ? lastSegment(row.file_path) : null);
  const destination = row.file_destination ? ` → ${row.file_destination.replace(/_/g, ' ')}` : '';
  const label = row.file_label ? ` [${row.file_label}]` : '';
  switch (row.category) {
    case 'email': {
      const to = recipients(row.email_recipients);
      const attachments = row.email_attachments
        ? `, ${plural(row.email_attachments, 'attachment')}`
        : '';
      const toText =
        to.length > 0
          ? `to ${to.slice(0, 2).join(', ')}${to.length > 2 ? ` +${to.length - 2}` : ''}`
          : '';
      return cut(
        `${row.email_subject ? `“${row.email_subject}” ` : ''}${toText}${attachments}${destination}`.trim() ||
          row.action,
      );
    }
    case 'repo':
      return cut(`${row.repository ?? ''} (${row.action})`);
    case 'process':
    case 'script':
      return cut(row.command ?? row.process_name ?? row.action);
    case 'access_request':
      return cut(`${row.target ?? 'access'}${row.role ? ` – ${row.role}` : ''} (${row.action})`);
    case 'chat':
      return cut(
        `${file ?? row.action}${row.chat_channel ? ` in #${row.chat_channel}` : ''}${destination}`,
      );
    default:
      if (file) return cut(`${file}${label}${destination}`);
      return cut(
        `${row.action}${row.target ? ` ${row.target}` : ''}${row.device_name ? ` on ${row.device_name}` : ''}`,
      );
  }
}

/** A timeline row as the API shows it. */
export function presentTimelineEvent(row: TimelineEventRow, incidentIds: string[]): TimelineEvent {
  return {
    id: String(row.id),
    time: row.time,
    source: row.source,
    category: row.category,
    activity: row.activity,
    action: row.action,
    outcome: row.outcome,
    app: row.app,
    summary: summarizeEvent(row),
    incidentIds,
  };
}
