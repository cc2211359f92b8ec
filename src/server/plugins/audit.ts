import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';

import { appendAudit } from '../db/queries/audit';
import type { AuditEntryInput, AuditRecord } from '../db/queries/audit';
import type { PersonViewRecord } from '../db/queries/person-views';
import type { Database } from '../db/schema';

/** Kept here too for the routes that import it from the plugin (its owner is db/queries/audit). */
export type { AuditEntryInput } from '../db/queries/audit';

/**
 * What a change hands back to `app.audited`: its result, and its entry (null when nothing
 * changed), or one entry per item for a change to several (a bulk action).
 */
export interface AuditedChange<T> {
  result: T;
  entry: AuditEntryInput | readonly AuditEntryInput[] | null;
}

/** A change run inside the transaction `app.audited` opens; every query must use `trx`. */
export type AuditedWork<T> = (trx: Kysely<Database>) => Promise<AuditedChange<T>>;

/**
 * The entry's details, naming the API token when the request came with one and the entry is
 * the viewer's own (`details.apiToken`: its id and name), so that what a token did can be told
 * from what its owner did in person.
 */
function detailsOf(request: FastifyRequest, entry: AuditEntryInput) {
  const token = request.viewer?.apiToken;
  const own = entry.actorUserId === undefined || entry.actorUserId === request.viewer?.userId;
  if (!token || !own) return entry.details ?? null;
  return { ...entry.details, apiToken: { id: token.id, name: token.name } };
}

function recordOf(request: FastifyRequest, entry: AuditEntryInput): AuditRecord {
  return {
    at: Date.now(),
    actorUserId: entry.actorUserId ?? request.viewer?.userId ?? null,
    actorEmail: entry.actorEmail ?? request.viewer?.email ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: detailsOf(request, entry),
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  };
}

/**
 * The actions that read a person's data, and what kind of read each is (person_views' `kind`),
 * in one place. An entry of one of these that names its person (details.subjectEmployeeId or
 * details.employeeId, or an employee as its target) is also counted in person_views.
 */
const PERSON_READS: Readonly<Record<string, (details: Record<string, unknown>) => string>> = {
  'evidence.read': (d) =>
    d.page === 'events'
      ? 'events'
      : d.page === 'event'
        ? 'raw record'
        : d.page === 'timeline'
          ? 'timeline'
          : 'findings',
  'case.export': (d) => (d.kind === 'zip' ? 'export' : 'report'),
  'employee.read': () => 'profile',
  'alert.view': () => 'alert',
  'incident.read': () => 'incidents',
  'incident.list': () => 'incidents',
  'incident.timeline': () => 'incidents',
  'risk.read': () => 'risk',
  'note.list': () => 'notes',
};

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The person view a read counts as, or null when the entry is not a read of one person. */
export function personViewOf(record: AuditRecord): PersonViewRecord | null {
  const kindOf = PERSON_READS[record.action];
  if (!kindOf || !record.actorUserId) return null;
  const details = record.details ?? {};
  const employeeId =
    text(details.subjectEmployeeId) ??
    text(details.employeeId) ??
    (record.targetType === 'employee' ? text(record.targetId) : null);
  if (!employeeId) return null;
  const investigationId =
    (record.targetType === 'investigation' ? text(record.targetId) : null) ??
    text(details.investigationId) ??
    '';
  return {
    userId: record.actorUserId,
    employeeId,
    investigationId,
    kind: kindOf(details),
    day: new Date(record.at).toISOString().slice(0, 10),
    at: record.at,
  };
}

/**
 * `app.audited(request, work)` for changes: one transaction holds the change and its audit
 * entry, so both commit or neither does (a change that could not be audited is not made).
 * Side effects outside the database (starting a job) belong after it returns.
 *
 * `app.audit(request, entry)` for what is not a change: reads of subject data, refusals and
 * sign-in events, appended on their own.
 */
export const auditPlugin = fp(
  (app, _options, done) => {
    const append = (db: Kysely<Database>, record: AuditRecord) => {
      const view = personViewOf(record);
      return appendAudit(db, record, view && { dialect: app.database.dialect, record: view });
    };
    app.decorate('audit', async (request: FastifyRequest, entry: AuditEntryInput) => {
      await append(app.db, recordOf(request, entry));
    });
    app.decorate('audited', <T>(request: FastifyRequest, work: AuditedWork<T>): Promise<T> =>
      app.db.transaction().execute(async (trx) => {
        const { result, entry } = await work(trx);
        const entries = entry === null ? [] : Array.isArray(entry) ? entry : [entry];
        for (const one of entries as AuditEntryInput[]) await append(trx, recordOf(request, one));
        return result;
      }),
    );
    done();
  },
  { name: 'vigil-audit', dependencies: ['vigil-db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs a change and appends its audit entry in one transaction (see auditPlugin). */
    audited<T>(request: FastifyRequest, work: AuditedWork<T>): Promise<T>;
  }
}
