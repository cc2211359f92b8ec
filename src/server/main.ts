import { buildApp } from './app';
import { printBanner } from './startup/banner';
import { buildDemoIndexes, finishInterruptedDemoLoad, loadDemoData } from './demo/demo-data';
import { ensureFirstAdmin } from './startup/first-admin';
import { loadConfig } from './config';
import { housekeepingPlugin } from './startup/crash-recovery/housekeeping-plugin';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { analysisRunnerPlugin } from './analysis/runs/analysis-runner-plugin';
import { identityResolutionPlugin } from './ingest/identity/identity-resolution-plugin';
import { detectionRunnerPlugin } from './analysis/alerts/detection-runner-plugin';
import { retentionPlugin } from './privacy/retention/retention-plugin';
import { revealExpiryPlugin } from './privacy/reveals/reveal-expiry-plugin';
import { collectionSchedulerPlugin } from './ingest/collectors/collection-scheduler-plugin';
import { notificationSenderPlugin } from './notify/notification-sender-plugin';
import { statisticsPlugin } from './startup/planner-statistics/statistics-plugin';

/** What the caller of {@link main} prepares alongside it. */
export interface MainOptions {
  /** Settles when the web app is built (`npm start` builds it while the demo loads). */
  clientReady?: Promise<void>;
}

/**
 * Starts Vigil: migrations, first-run admin, demo data, then listens. On SIGTERM or SIGINT it
 * stops accepting connections, lets requests in flight finish, and closes the database.
 */
export async function main(options: MainOptions = {}): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database.db, database.dialect, database.schema);
  await finishInterruptedDemoLoad(database, (line) => process.stdout.write(`${line}\n`));
  const admin = await ensureFirstAdmin(database.db, config.adminEmail, config.adminPassword);
  // A first start on an empty database loads a generated demo organization (progress on stdout).
  const demo = config.demoData
    ? await loadDemoData(database, (line) => process.stdout.write(`${line}\n`))
    : null;
  const seeded = demo?.employees ?? 0;

  const app = await buildApp({
    config,
    database,
    serveClient: true,
    logger: config.prettyLogs
      ? {
          level: config.logLevel,
          transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
        }
      : { level: config.logLevel },
  });
  // The key collector credentials are sealed with: read, or made beside the database, now.
  app.collection.secretBox.ready();
  // First, so runs a dead process left running are failed before the runner looks at its queue.
  await app.register(housekeepingPlugin);
  await app.register(analysisRunnerPlugin);
  await app.register(identityResolutionPlugin);
  await app.register(detectionRunnerPlugin);
  await app.register(retentionPlugin);
  await app.register(revealExpiryPlugin);
  await app.register(collectionSchedulerPlugin);
  await app.register(notificationSenderPlugin);
  await app.register(statisticsPlugin);
  // The address is printed only once there is an app to serve at it.
  await options.clientReady;
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  printBanner({
    url: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}/`,
    database: database.description,
    admin,
    seeded,
    privacyOfficer: demo?.privacyOfficer ?? null,
  });
  // The demo's indexes of events, set aside for its load, are built while Vigil already serves.
  if (demo?.indexesDeferred)
    buildDemoIndexes(database, (line) => process.stdout.write(`${line}\n`)).catch(
      (error: unknown) => app.log.error({ err: error }, 'building the indexes of events failed'),
    );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.warn('requests still running after the grace period; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

const isEntry = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `Vigil could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
