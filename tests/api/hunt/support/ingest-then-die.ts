/*
 * A Vigil process killed (SIGKILL, as kill -9) in the middle of an ingest batch on SQLite: the
 * batch's transaction is open, its events are inserted and the text index's queueing trigger
 * is dropped in it, nothing is committed. Run with node --import tsx, given the database file
 * and the batch's word. Prints how many queueing triggers its own connection saw as it died.
 */
import fs from 'node:fs';

import { openDatabase } from '../../../../src/server/db/database';
import { ingestMails } from './mail-batch';

const [file, word] = process.argv.slice(2);
const database = openDatabase(file);
void ingestMails(
  database,
  { word: word!, from: 0, count: 150, now: Date.now() },
  {
    spillBytes: 0,
    faults: {
      afterStaging() {
        const seen = database
          .sqlite!.prepare(
            `select count(*) as n from sqlite_master where type = 'trigger' and name = 'events_text_insert'`,
          )
          .get() as { n: number };
        fs.writeSync(1, `queueing triggers: ${seen.n}\n`);
        process.kill(process.pid, 'SIGKILL');
      },
    },
  },
);
