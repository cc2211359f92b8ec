import type { Kysely, Migration } from 'kysely';

import { jsonColumn, jsonType, makeAppendOnly, withAutoId } from '../dialect';
import type { Dialect } from '../dialect';

/**
 * Users, roles, sessions, employees, investigations and their members, and the audit log.
 * Frozen: never import application code here; the built-in roles are copied as data.
 */
export function platformMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('roles')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('permissions', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'permissions'),
        )
        .addColumn('built_in', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('display_name', 'text', (col) => col.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addColumn('last_login_at', 'bigint')
        .execute();

      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('role_id', 'text', (col) => col.notNull().references('roles.id'))
        .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
        .execute();
      await db.schema.createIndex('user_roles_role').on('user_roles').column('role_id').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('employees')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('full_name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('department', 'text')
        .addColumn('title', 'text')
        .addColumn('manager_id', 'text')
        .addColumn('location', 'text')
        .addColumn('timezone', 'text')
        .addColumn('work_start_hour', 'integer')
        .addColumn('work_end_hour', 'integer')
        .addColumn('start_date', 'text')
        .addColumn('resignation_date', 'text')
        .addColumn('departure_date', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('employees_department')
        .on('employees')
        .column('department')
        .execute();

      await db.schema
        .createTable('investigations')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('subject_employee_id', 'text', (col) => col.notNull().references('employees.id'))
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('risk_level', 'text', (col) => col.notNull())
        .addColumn('risk_score', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('assignee_user_id', 'text', (col) => col.references('users.id'))
        .addColumn('window_start', 'bigint', (col) => col.notNull())
        .addColumn('window_end', 'bigint', (col) => col.notNull())
        .addColumn('created_by', 'text', (col) => col.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_by', 'text', (col) => col.notNull().references('users.id'))
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addColumn('closed_at', 'bigint')
        .addColumn('analysis_state', 'text', (col) => col.notNull().defaultTo('idle'))
        .addColumn('analysis_updated_at', 'bigint')
        .execute();
      for (const column of [
        'status',
        'created_at',
        'updated_at',
        'subject_employee_id',
        'assignee_user_id',
        'created_by',
      ]) {
        await db.schema
          .createIndex(`investigations_${column}`)
          .on('investigations')
          .column(column)
          .execute();
      }

      await db.schema
        .createTable('investigation_members')
        .addColumn('investigation_id', 'text', (col) =>
          col.notNull().references('investigations.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('added_by', 'text', (col) => col.notNull())
        .addColumn('added_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('investigation_members_pk', ['investigation_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('investigation_members_user')
        .on('investigation_members')
        .column('user_id')
        .execute();

      await withAutoId(dialect, db.schema.createTable('audit_log'))
        .addColumn('at', 'bigint', (col) => col.notNull())
        .addColumn('actor_user_id', 'text')
        .addColumn('actor_email', 'text')
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('target_type', 'text')
        .addColumn('target_id', 'text')
        .addColumn('details', jsonType(dialect), (col) => jsonColumn(dialect, col, 'details'))
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
      await db.schema
        .createIndex('audit_log_target')
        .on('audit_log')
        .columns(['target_type', 'target_id'])
        .execute();
      await db.schema
        .createIndex('audit_log_actor')
        .on('audit_log')
        .column('actor_user_id')
        .execute();
      await makeAppendOnly(db, dialect, 'audit_log');

      const now = Date.now();
      const all = [
        'investigations.read',
        'investigations.write',
        'investigations.read_all',
        'evidence.read',
        'evidence.write',
        'employees.read',
        'users.manage',
        'roles.manage',
        'integrations.manage',
        'configuration.manage',
        'audit.read',
        'dev.tools',
      ];
      const roles = [
        [
          'admin',
          'Admin',
          'Full access, including users, roles, integrations and configuration.',
          all,
        ],
        [
          'analyst',
          'Analyst',
          'Triages every investigation and works the evidence.',
          [
            'investigations.read',
            'investigations.write',
            'investigations.read_all',
            'evidence.read',
            'evidence.write',
            'employees.read',
          ],
        ],
        [
          'investigator',
          'Investigator',
          'Works the investigations they created, lead or are members of.',
          [
            'investigations.read',
            'investigations.write',
            'evidence.read',
            'evidence.write',
            'employees.read',
          ],
        ],
        [
          'auditor',
          'Auditor',
          'Reviews the process: every investigation record and the audit log, no evidence.',
          ['investigations.read', 'investigations.read_all', 'audit.read'],
        ],
      ] as const;
      await (db as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('roles')
        .values(
          roles.map(([id, name, description, permissions]) => ({
            id,
            name,
            description,
            permissions: JSON.stringify(permissions),
            built_in: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    },
  };
}
