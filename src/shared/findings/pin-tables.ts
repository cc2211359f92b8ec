import type { EndpointId, EndpointReply } from './case-endpoints';
import type { EvidencePageSlug } from './catalogue';
import type { PinTableId } from './pin-table-ids';

export { pinTableIds } from './pin-table-ids';
export type { PinTableId } from './pin-table-ids';

/**
 * A finding table whose rows can be pinned by key: the finding endpoint that computes it, the
 * rows of its reply, and what identifies a row (its key) among them. The server recomputes the
 * finding and picks the row by key; the client names the same key when it pins and when it
 * marks pinned rows, so both read it from here.
 */
export interface PinTable<K extends EndpointId, Row> {
  /** The finding endpoint (catalogue id) whose detector computes the table. */
  readonly endpoint: K;
  /** The evidence page the table is on. */
  readonly page: EvidencePageSlug;
  /** The table's rows in the endpoint's reply (over the whole window, default query). */
  readonly rows: (reply: EndpointReply<K>) => readonly Row[];
  /** What tells a row from the others of its table; stable while the events stay the same. */
  readonly key: (row: Row) => string;
  /** How the locker names a pinned row. */
  readonly label: (row: Row) => string;
  /** The events a row is (its raw records are hashed with the pin), when it names them. */
  readonly eventIds?: (row: Row) => readonly string[];
}

function pinTable<K extends EndpointId, Row>(table: PinTable<K, Row>): PinTable<K, Row> {
  return table;
}

/**
 * Every finding table a row can be pinned from, by id. The ids are the prefixes pinned rows
 * carried before the server captured them (`working-hours:2026-11-03`), so older pins still
 * mark their rows.
 */
export const pinTables = {
  'working-hours': pinTable({
    endpoint: 'workingHours',
    page: 'working-hours',
    rows: (reply) => reply.anomalousDays,
    key: (day) => day.date,
    label: (day) => `${day.date}: ${day.reason}`,
  }),
  'security-hygiene': pinTable({
    endpoint: 'securityHygiene',
    page: 'security-hygiene',
    rows: (reply) => reply.items,
    key: (item) => item.id,
    label: (item) => `${item.title}: ${item.count} (${item.severity})`,
  }),
  'local-app': pinTable({
    endpoint: 'localApps',
    page: 'local-apps',
    rows: (reply) => reply.apps,
    key: (app) => app.path,
    label: (app) => `${app.name}${app.category ? ` (${app.category})` : ''}: ${app.runs} runs`,
  }),
  file: pinTable({
    endpoint: 'files',
    page: 'file-access',
    rows: (reply) => reply.files,
    key: (file) => file.id,
    label: (file) =>
      `${file.name ?? file.id} (${file.label})${
        file.destinations.length
          ? ` → ${file.destinations.map((d) => d.replace(/_/g, ' ')).join(', ')}`
          : ''
      }`,
  }),
  device: pinTable({
    endpoint: 'devices',
    page: 'devices',
    rows: (reply) => reply.devices,
    key: (device) => device.id,
    label: (device) =>
      `${device.name}${device.removableMediaWrites ? `: ${device.removableMediaWrites} USB writes` : ''}`,
  }),
  deletions: pinTable({
    endpoint: 'deletions',
    page: 'deletions',
    rows: (reply) => reply.bursts,
    key: (burst) => String(burst.start),
    label: (burst) => `Deletion burst: ${burst.files} files, ${burst.mail} mail items`,
  }),
  domain: pinTable({
    endpoint: 'externalEmails',
    page: 'communications-analysis',
    rows: (reply) => reply.domains,
    key: (domain) => domain.domain,
    label: (domain) => `${domain.domain} (${domain.kind}): ${domain.messages} mails`,
  }),
  repo: pinTable({
    endpoint: 'codeRepos',
    page: 'code-repos',
    rows: (reply) => reply.repositories,
    key: (repo) => repo.repository,
    label: (repo) => `${repo.repository}: ${repo.clones} clones, ${repo.downloads} archives`,
  }),
  'app-access': pinTable({
    endpoint: 'appAccess',
    page: 'app-access',
    rows: (reply) => reply.apps,
    key: (app) => app.app,
    label: (app) =>
      `${app.app}: ${app.accesses} accesses${app.flagged ? ` (${app.reasons.join('; ')})` : ''}`,
  }),
  'access-request': pinTable({
    endpoint: 'accessRequests',
    page: 'access-requests',
    rows: (reply) => reply.requests,
    key: (request) => request.id,
    label: (request) => `${request.resource} – ${request.role ?? 'access'} (${request.status})`,
    // A request is one event: its raw record is hashed with the pin.
    eventIds: (request) => [request.id],
  }),
} satisfies Record<PinTableId, object>; // every listed id has a table, and no other

/** The row type of a pinnable finding table. */
export type PinTableRow<T extends PinTableId> =
  (typeof pinTables)[T] extends PinTable<EndpointId, infer Row> ? Row : never;

/** A pinned finding row's ref: its table and its key (`working-hours:2026-11-03`). */
export function findingRef(table: PinTableId, key: string): string {
  return `${table}:${key}`;
}

/** A pinnable table seen without its row type, for code that handles any of them. */
export interface AnyPinTable {
  readonly endpoint: EndpointId;
  readonly page: EvidencePageSlug;
  rows(reply: unknown): readonly unknown[];
  key(row: unknown): string;
  label(row: unknown): string;
  eventIds?(row: unknown): readonly string[];
}

/** One pinnable table by id, without its row type. */
export function pinTableOf(id: PinTableId): AnyPinTable {
  return pinTables[id];
}
