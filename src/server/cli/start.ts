import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const CLIENT_INDEX = path.resolve('dist/client/index.html');
const SOURCES = ['src/client', 'src/shared', 'keymaps', 'vite.config.ts'];

/** The newest modification time under a path. */
function newest(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

/**
 * Builds the web app when it is missing or older than its sources, so `npm start` just works.
 * The build runs in a child process alongside the start-up (migrations, the demo load), which
 * works on this one: on a fresh clone the two together take about as long as the longer alone,
 * rather than the sum. Resolves when the app is there; rejects when it did not build.
 */
function ensureClientBuilt(): Promise<void> {
  const built = fs.existsSync(CLIENT_INDEX) ? fs.statSync(CLIENT_INDEX).mtimeMs : 0;
  if (built > 0 && SOURCES.every((source) => newest(source) <= built)) return Promise.resolve();
  console.log(built === 0 ? 'Building the web app (first start)…' : 'Rebuilding the web app…');
  const build = spawn(
    process.execPath,
    [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  return new Promise((resolve, reject) => {
    build.on('error', reject);
    build.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error('the web app did not build; see the errors above')),
    );
  });
}

const clientBuilt = ensureClientBuilt();
// Observed at once: a failed build is reported by main, when it waits for the app before listening.
clientBuilt.catch(() => undefined);
// Imported only now, so the build is already running while the server's modules load.
const { main } = await import('../main');
main({ clientReady: clientBuilt }).catch((error: unknown) => {
  console.error(`Vigil could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
