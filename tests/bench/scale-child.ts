import { runDetectionPass } from '../../src/server/analysis/alerts/detection-pass';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';

/**
 * One Vigil process of the scale bench (tests/bench/scale.bench.ts), run as its own Node
 * process so that two of them share the database as two servers would:
 *
 *   scale-child.ts serve  <database url>   answers the API on a free port, prints {"port": N}
 *   scale-child.ts detect <database url>   works the detection queue until it is empty,
 *                                          prints the pass's outcome and its seconds
 *
 * The app is the real one (buildApp: routes, sessions, audit, presenters); the scheduler is not
 * started, so nothing but the bench's own requests and passes runs during a measurement.
 */
const [mode, url] = process.argv.slice(2);
if (!url || (mode !== 'serve' && mode !== 'detect')) {
  console.error('usage: scale-child.ts serve|detect <database url>');
  process.exit(2);
}
const handle = openDatabase(url, { poolSize: 10 });
if (mode === 'detect') {
  const started = performance.now();
  const outcome = await runDetectionPass(handle);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage();
  process.stdout.write(
    `${JSON.stringify({ ...outcome, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 })}\n`,
  );
  await handle.close();
} else {
  const app = await buildApp({ config: loadConfig({ DATABASE_URL: url }), database: handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
  const stop = () => {
    void app
      .close()
      .then(() => handle.close())
      .finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
