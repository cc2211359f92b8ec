/*
 * A Vigil process that sends one delivery and is killed (SIGKILL, as kill -9) after the
 * receiver took it and before the delivery is recorded as delivered. Run with node --import
 * tsx, given the database URL, the PostgreSQL schema (or "-"), the delivery id and the key.
 */
import { openDatabase } from '../../../../src/server/db/database';
import { installationSecret } from '../../../../src/server/db/queries/installation-secrets';
import { SecretBox } from '../../../../src/server/ingest/collectors/secret-box';
import { attemptDelivery } from '../../../../src/server/notify/send-delivery';
import { PseudonymBook } from '../../../../src/server/privacy/pseudonym';

const [url, schema, deliveryId, key] = process.argv.slice(2);
const database = openDatabase(url, schema && schema !== '-' ? { schema } : {});
const secret = await installationSecret(database.db, 'pseudonyms', 'unused', Date.now());
const pseudonyms = new PseudonymBook(secret);
void attemptDelivery(
  {
    db: database.db,
    secretBox: new SecretBox({ key, keyFile: '/nonexistent' }),
    allowInsecure: true,
    timeoutMs: 5000,
    retryBaseMs: 10_000,
    claimMs: 1000,
    context: () =>
      Promise.resolve({ publicUrl: 'https://vigil.example', pseudonyms, withhold: (t) => t }),
    faults: {
      afterSend() {
        process.kill(process.pid, 'SIGKILL');
      },
    },
  },
  deliveryId!,
);
