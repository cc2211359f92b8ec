import { sql } from 'kysely';

import type { TestApp } from './test-app';

/**
 * Makes the database refuse audit entries of one action, as a full disk or a lost connection
 * would, through a trigger on audit_log. Returns the function that removes the trigger again.
 */
export async function failAudit(t: TestApp, action: string): Promise<() => Promise<void>> {
  if (t.dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger fail_audit before insert on audit_log when new.action = '${action}'
         begin select raise(abort, 'simulated audit failure'); end`,
      )
      .execute(t.db);
    return async () => {
      await sql.raw('drop trigger if exists fail_audit').execute(t.db);
    };
  }
  await sql
    .raw(
      `create or replace function fail_audit() returns trigger language plpgsql as
       $$ begin raise exception 'simulated audit failure'; end $$`,
    )
    .execute(t.db);
  await sql
    .raw(
      `create trigger fail_audit before insert on audit_log for each row
       when (new.action = '${action}') execute function fail_audit()`,
    )
    .execute(t.db);
  return async () => {
    await sql.raw('drop trigger if exists fail_audit on audit_log').execute(t.db);
  };
}
