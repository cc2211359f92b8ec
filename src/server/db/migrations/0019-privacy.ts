import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import { jsonColumn, jsonType } from '../dialect';
import type { Dialect } from '../dialect';

/**
 * Privacy and oversight. Frozen.
 *
 * - `privacy_settings` (one row, id 1): pseudonymization on or off, whether department and
 *   title show, how reveals are granted and for how long, and the retention periods.
 * - `identity_reveals`: a request to see one person's identity in one case, with its purpose,
 *   who decided and when it expires. A reveal holds for its case only.
 * - `person_views`: who read a person's data, counted per user, person, case, kind and UTC day
 *   (an auditor's "who looked at whom, how often" without one audit row per page view).
 * - `investigations.legal_hold_*`: a hold keeps the case, its subject's events in its window,
 *   its pins and exports past retention until lifted.
 * - `retention_gate` (one row): the audit log stays append-only, except that the retention job
 *   may delete entries older than `audit_before`, which it sets in the same transaction. The
 *   old statement-level delete trigger gives way to a row-level one that checks the gate.
 * - Two permissions: `identity.reveal` (ask to reveal, find people by real name) for admins,
 *   analysts and investigators; `privacy.approve` (approve, deny and list reveals) for admins
 *   and the new built-in role Privacy officer, which also reads the audit log and no evidence.
 */
export function privacyMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('privacy_settings')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('value', jsonType(dialect), (col) => jsonColumn(dialect, col.notNull(), 'value'))
        .addColumn('updated_by', 'text')
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('identity_reveals')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('investigation_id', 'text', (col) =>
          col.notNull().references('investigations.id').onDelete('cascade'),
        )
        .addColumn('employee_id', 'text', (col) => col.notNull())
        .addColumn('purpose', 'text', (col) => col.notNull())
        /** pending, granted, denied, withdrawn */
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('requested_by', 'text', (col) => col.notNull().references('users.id'))
        .addColumn('requested_at', 'bigint', (col) => col.notNull())
        .addColumn('decided_by', 'text', (col) => col.references('users.id'))
        .addColumn('decided_at', 'bigint')
        .addColumn('decision_reason', 'text')
        /** Set when granted: the identity hides again from this instant. */
        .addColumn('expires_at', 'bigint')
        /** Set once the expiry has been audited. */
        .addColumn('expiry_audited_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('identity_reveals_case')
        .on('identity_reveals')
        .columns(['investigation_id', 'employee_id', 'status'])
        .execute();
      await db.schema
        .createIndex('identity_reveals_status')
        .on('identity_reveals')
        .columns(['status', 'expires_at'])
        .execute();

      await db.schema
        .createTable('person_views')
        .addColumn('user_id', 'text', (col) => col.notNull())
        .addColumn('employee_id', 'text', (col) => col.notNull())
        /** '' when the read was outside any case (the employee directory, alerts). */
        .addColumn('investigation_id', 'text', (col) => col.notNull())
        /** What was read: findings, events, raw record, timeline, profile, report, export… */
        .addColumn('kind', 'text', (col) => col.notNull())
        /** UTC day, YYYY-MM-DD. */
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('views', 'integer', (col) => col.notNull())
        .addColumn('first_at', 'bigint', (col) => col.notNull())
        .addColumn('last_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('person_views_pk', [
          'employee_id',
          'user_id',
          'investigation_id',
          'kind',
          'day',
        ])
        .execute();
      await db.schema
        .createIndex('person_views_user')
        .on('person_views')
        .columns(['user_id', 'day'])
        .execute();

      for (const column of ['legal_hold_at', 'legal_hold_by', 'legal_hold_reason'] as const) {
        await db.schema
          .alterTable('investigations')
          .addColumn(column, column === 'legal_hold_at' ? 'bigint' : 'text')
          .execute();
      }

      await db.schema
        .createTable('retention_gate')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('audit_before', 'bigint', (col) => col.notNull())
        .execute();
      await sql`insert into retention_gate (id, audit_before) values (1, 0)`.execute(db);
      if (dialect === 'postgres') {
        await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
        await sql`
          create trigger audit_log_no_update before update on audit_log
          for each statement execute function vigil_append_only()`.execute(db);
        await sql`
          create or replace function vigil_audit_retention() returns trigger language plpgsql as $$
          begin
            if old.at >= (select audit_before from retention_gate where id = 1) then
              raise exception 'audit_log is append-only';
            end if;
            return old;
          end $$`.execute(db);
        await sql`
          create trigger audit_log_no_delete before delete on audit_log
          for each row execute function vigil_audit_retention()`.execute(db);
      } else {
        await sql`drop trigger audit_log_no_delete`.execute(db);
        await sql`
          create trigger audit_log_no_delete before delete on audit_log
          when old.at >= (select audit_before from retention_gate where id = 1)
          begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
      }

      const now = Date.now();
      const rdb = db as Kysely<Record<string, Record<string, unknown>>>;
      const grants: Record<string, string[]> = {
        admin: ['identity.reveal', 'privacy.approve'],
        analyst: ['identity.reveal'],
        investigator: ['identity.reveal'],
      };
      const builtIn = await rdb
        .selectFrom('roles')
        .select(['id', 'permissions'])
        .where('id', 'in', Object.keys(grants))
        .execute();
      for (const role of builtIn) {
        const current = (
          typeof role.permissions === 'string' ? JSON.parse(role.permissions) : role.permissions
        ) as string[];
        const next = [...new Set([...current, ...(grants[role.id as string] ?? [])])];
        await rdb
          .updateTable('roles')
          .set({ permissions: JSON.stringify(next), updated_at: now })
          .where('id', '=', role.id as string)
          .execute();
      }
      await rdb
        .insertInto('roles')
        .values({
          id: 'privacy_officer',
          name: 'Privacy officer',
          description:
            'Approves, denies and lists requests to reveal identities and reads the audit log; sees no evidence.',
          permissions: JSON.stringify(['privacy.approve', 'audit.read']),
          built_in: 1,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  };
}
