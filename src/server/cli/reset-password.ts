import { parseArgs } from 'node:util';

import { newPassword, resetPassword } from '../accounts/manage-users';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { inTransaction } from '../db/in-transaction';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { appendAudit } from '../db/queries/audit';
import { findUserByEmail } from '../db/queries/users';
import type { CliOutput } from './ingest';

const USAGE = `Usage: npm run reset-password -- EMAIL [--database URL]

Gives the user a new random password, printed once, and signs them out everywhere. The password
is temporary: Vigil asks for their own at the next sign-in. For a lost first password, or an
admin locked out with nobody else to reset them. Audited as user.password_reset (by the command
line). Reads DATABASE_URL like npm start.`;

const consoleOutput: CliOutput = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/**
 * `npm run reset-password`, as a function: tests call it with their own database handle.
 * Returns the exit code (0 reset, 1 no such user, 2 bad arguments).
 */
export async function resetPasswordCommand(
  argv: readonly string[],
  output: CliOutput = consoleOutput,
  database?: DatabaseHandle,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { database: { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    output.err(
      `reset-password: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`,
    );
    return 2;
  }
  if (parsed.values.help) {
    output.out(USAGE);
    return 0;
  }
  const [email, ...extra] = parsed.positionals;
  if (!email || extra.length > 0) {
    output.err(`reset-password: give exactly one EMAIL\n\n${USAGE}`);
    return 2;
  }
  const handle = database ?? openDatabase(parsed.values.database ?? loadConfig().databaseUrl);
  try {
    if (!database) await migrateToLatest(handle.db, handle.dialect, handle.schema);
    const user = await findUserByEmail(handle.db, email.trim().toLowerCase());
    if (!user) {
      output.err(`reset-password: there is no user ${email}`);
      return 1;
    }
    const password = await newPassword(undefined);
    const now = Date.now();
    await inTransaction(handle.db, async (trx) => {
      await resetPassword(trx, user.id, password, now);
      await appendAudit(trx, {
        at: now,
        actorUserId: null,
        actorEmail: null,
        action: 'user.password_reset',
        targetType: 'user',
        targetId: user.id,
        details: { via: 'cli' },
        ip: null,
        userAgent: null,
      });
    });
    output.out(
      `New temporary password for ${user.email} (shown once; change it after signing in):`,
    );
    output.out(`  ${password.temporaryPassword}`);
    return 0;
  } finally {
    if (!database) await handle.close();
  }
}

const isEntry =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) process.exitCode = await resetPasswordCommand(process.argv.slice(2));
