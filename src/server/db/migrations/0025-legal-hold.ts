import type { Kysely, Migration } from 'kysely';

/**
 * Legal holds that keep evidence (issue 23, item 6). Frozen.
 *
 * - `legal_hold_people`: the people a held case's evidence names (its subject, and the
 *   counterparts of its pinned events and contacts). Retention keeps their events in the
 *   case's window, checked again inside every delete, while the hold lasts.
 * - The permission `legal.hold` (place and lift holds) for admins and the new built-in role
 *   Legal, which sees every case and no evidence: a case member no longer lifts a hold.
 */
export function legalHoldMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('legal_hold_people')
        .addColumn('investigation_id', 'text', (col) =>
          col.notNull().references('investigations.id').onDelete('cascade'),
        )
        .addColumn('employee_id', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('legal_hold_people_pk', ['investigation_id', 'employee_id'])
        .execute();
      await db.schema
        .createIndex('legal_hold_people_employee')
        .on('legal_hold_people')
        .columns(['employee_id', 'investigation_id'])
        .execute();

      const now = Date.now();
      const rdb = db as Kysely<Record<string, Record<string, unknown>>>;
      const admin = await rdb
        .selectFrom('roles')
        .select('permissions')
        .where('id', '=', 'admin')
        .executeTakeFirst();
      if (admin) {
        const current = (
          typeof admin.permissions === 'string' ? JSON.parse(admin.permissions) : admin.permissions
        ) as string[];
        await rdb
          .updateTable('roles')
          .set({
            permissions: JSON.stringify([...new Set([...current, 'legal.hold'])]),
            updated_at: now,
          })
          .where('id', '=', 'admin')
          .execute();
      }
      await rdb
        .insertInto('roles')
        .values({
          id: 'legal',
          name: 'Legal',
          description: 'Places and lifts legal holds on any case; sees every case and no evidence.',
          permissions: JSON.stringify([
            'investigations.read',
            'investigations.read_all',
            'legal.hold',
          ]),
          built_in: 1,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      // Cases already on hold keep their subject from now on, as a new hold would.
      await rdb
        .insertInto('legal_hold_people')
        .columns(['investigation_id', 'employee_id'])
        .expression((eb) =>
          eb
            .selectFrom('investigations')
            .select(['id', 'subject_employee_id'])
            .where('legal_hold_at', 'is not', null),
        )
        .execute();
    },
  };
}
