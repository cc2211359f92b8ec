/*
 * A process that runs retention in small batches, for a test to kill with SIGKILL mid-run. It
 * says "running" once the run has started. Run with node --import tsx, given the database URL
 * and the PostgreSQL schema (or "-").
 */
import { openDatabase } from '../../../../src/server/db/database';
import { runRetention } from '../../../../src/server/privacy/retention/run-retention';

const [url, schema] = process.argv.slice(2);
const handle = openDatabase(url, schema && schema !== '-' ? { schema } : {});
process.stdout.write('running\n');
// One event a batch: thousands of batches, so the test kills it mid-run even when it is starved.
void runRetention(handle, { eventBatch: 1 }).then(() => process.stdout.write('finished\n'));
