import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

/**
 * Files are keyed by name, case aside (findings/files.ts). One index finds a subject's events
 * of one file by that key; another the mails and chat shares that carried files out, to look
 * for the file among their attachments. Both are partial (file events; outbound messages), so
 * ingesting the other events costs nothing more. Their expressions and conditions must stay
 * word for word those of the queries. Frozen.
 */
export function fileKeysMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index events_employee_file_key
        on events (employee_id, lower(coalesce(file_name, file_path, file_id)))
        where category = 'file'`.execute(db);
      await sql`create index events_employee_outbound on events (employee_id, time)
        where file_destination is not null and activity in ('email_send', 'chat_file_share')`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index events_employee_outbound`.execute(db);
      await sql`drop index events_employee_file_key`.execute(db);
    },
  };
}
