import type { EventRow } from '../../shared/schemas/findings/common';
import type { TimelineEvent } from '../../shared/schemas/incidents';
import type { EventListRow } from '../db/queries/event-columns';

const VERBS: Record<string, string> = {
  login: 'Signed in',
  login_failed: 'Failed to sign in',
  logout: 'Signed out',
  mfa_verify: 'Verified MFA',
  mfa_disable: 'Removed an MFA factor',
  mfa_bypass: 'Bypassed MFA',
  password_reset: 'Reset a password',
  password_change: 'Changed a password',
  admin_granted: 'Was granted admin rights',
  role_granted: 'Was granted a role',
  file_view: 'Viewed',
  file_download: 'Downloaded',
  file_upload: 'Uploaded',
  file_modify: 'Edited',
  file_delete: 'Deleted',
  file_copy: 'Copied',
  file_move: 'Moved',
  file_share: 'Shared',
  file_share_external: 'Shared outside the company',
  file_sync: 'Synced',
  file_create: 'Created',
  file_print: 'Printed',
  usb_write: 'Wrote to removable media',
  email_send: 'Sent mail',
  email_delete: 'Deleted mail',
  email_forward_rule: 'Set a mail forwarding rule',
  chat_message: 'Posted a message',
  chat_file_share: 'Shared a file in chat',
  chat_file_download: 'Downloaded a file from chat',
  chat_delete: 'Deleted a message',
  repo_clone: 'Cloned',
  repo_fetch: 'Fetched',
  repo_push: 'Pushed to',
  repo_download: 'Downloaded an archive of',
  repo_access: 'Opened',
  device_seen: 'Device checked in',
  process_start: 'Started',
  app_install: 'Installed',
  script_exec: 'Ran a PowerShell script block',
  security_tool_tamper: 'Tampered with a security tool',
  log_clear: 'Cleared an event log',
  network_connect: 'Connected to',
  dns_query: 'Looked up',
  credential_access: 'Opened the memory of',
  persistence: 'Set up to run by itself:',
  access_request: 'Requested access to',
  hr_resignation: 'Resigned',
  hr_departure: 'Left the company',
  hr_hire: 'Was hired',
  app_access: 'Opened',
};

/** Text cut to `max` characters, with an ellipsis when cut. */
const cut = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The last part of a Windows or POSIX path. */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

function object(row: EventListRow): string | null {
  if (row.file_name) return row.file_label ? `${row.file_name} [${row.file_label}]` : row.file_name;
  if (row.repository) return row.repository;
  if (row.email_subject) return `“${row.email_subject}”`;
  // A command line says what a process or script did; the report and the timelines show it.
  if (row.command_line) return cut(row.command_line);
  if (row.process_name) return baseName(row.process_name);
  if (row.activity === 'chat_message' && row.chat_channel) return `in #${row.chat_channel}`;
  return row.target ?? (row.activity === 'app_access' ? row.app : null);
}

/**
 * The one sentence of an event, on every screen, in the report, both CSVs of the export and the
 * alert page: what was done first, then to what (a file with its sensitivity label), where it
 * went and through which app. Made of the event's own fields (no names of people).
 */
export function eventSummary(row: EventListRow): string {
  const verb = VERBS[row.activity] ?? row.action;
  const what = object(row);
  const where = row.file_destination ? ` → ${row.file_destination.replace(/_/g, ' ')}` : '';
  const via =
    row.app && row.activity !== 'app_access' && !what?.includes(row.app) ? ` (${row.app})` : '';
  const failed = row.outcome === 'failure' && row.activity !== 'login_failed' ? ' — failed' : '';
  return `${verb}${what ? ` ${what}` : ''}${where}${via}${failed}`;
}

/** An event as the API sends it, wherever it is listed (evidence, search, pins, alerts). */
export function presentEvent(row: EventListRow): EventRow {
  return {
    id: String(row.id),
    time: row.time,
    source: row.source,
    category: row.category,
    activity: row.activity,
    action: row.action,
    outcome: row.outcome,
    app: row.app,
    target: row.target,
    fileName: row.file_name,
    fileLabel: row.file_label,
    destination: row.file_destination,
    device: row.device_name,
    summary: eventSummary(row),
  };
}

/** An event on an incident's or the case's timeline, with the incidents it belongs to. */
export function presentTimelineEvent(row: EventListRow, incidentIds: string[]): TimelineEvent {
  const { id, time, source, category, activity, action, outcome, app, summary } = presentEvent(row);
  return { id, time, source, category, activity, action, outcome, app, summary, incidentIds };
}
