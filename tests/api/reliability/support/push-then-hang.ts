/*
 * A process that starts a large push and never finishes it, for a test to kill with SIGKILL:
 * its ingest run is written as running and its body is being spooled to a file in the temp
 * folder (TMPDIR) when it says "ingesting". Run with node --import tsx, given the database URL
 * and the PostgreSQL schema (or "-").
 */
import { PassThrough } from 'node:stream';

import { openDatabase } from '../../../../src/server/db/database';
import { ingest } from '../../../../src/server/ingest/pipeline/ingest';

const [url, schema] = process.argv.slice(2);
const handle = openDatabase(url, schema && schema !== '-' ? { schema } : {});
const body = new PassThrough();
// Past WORKER_THRESHOLD_BYTES a push is copied to a spool file before it is parsed.
void ingest(handle, { source: 'okta', input: body, via: 'push', sizeHint: 8 * 1024 * 1024 });
body.write(`${JSON.stringify({ uuid: 'never-finished' })}\n`);
process.stdout.write('ingesting\n');
setInterval(() => undefined, 60_000);
