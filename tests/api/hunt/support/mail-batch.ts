import { Readable } from 'node:stream';

import type { DatabaseHandle } from '../../../../src/server/db/database';
import { ingest } from '../../../../src/server/ingest/pipeline/ingest';
import type { IngestRequest } from '../../../../src/server/ingest/pipeline/types';

/**
 * Mails `from` to `from + count - 1` of a batch named by `word`, sent an hour ago: each with an
 * attachment `<word>-<n>.pdf` to a recipient at `<word>.example`.
 */
function mails(word: string, from: number, count: number, now: number): Buffer {
  const lines = Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return JSON.stringify({
      activity: 'email_send',
      action: 'Send',
      time: now - 3_600_000 + i,
      actorEmail: 'maya.okafor@northwind.example',
      sourceEventId: `${word}-${i}`,
      file: { name: `${word}-${i}.pdf` },
      email: { recipients: `clerk${i}@${word}.example`, subject: 'Quarterly figures' },
    });
  });
  return Buffer.from(lines.join('\n'));
}

/** Ingests such mails through the pipeline (`spillBytes: 0`: the transaction opens at once). */
export function ingestMails(
  handle: DatabaseHandle,
  batch: { word: string; from: number; count: number; now: number },
  extra: Partial<IngestRequest> = {},
) {
  return ingest(handle, {
    source: 'normalized',
    input: Readable.from([mails(batch.word, batch.from, batch.count, batch.now)]),
    via: 'cli',
    ...extra,
  });
}
