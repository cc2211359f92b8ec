import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { main } from '../main';

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

/** Builds the web app when it is missing or older than its sources, so `npm start` just works. */
function ensureClientBuilt(): void {
  const built = fs.existsSync(CLIENT_INDEX) ? fs.statSync(CLIENT_INDEX).mtimeMs : 0;
  if (built > 0 && SOURCES.every((source) => newest(source) <= built)) return;
  console.log(
    built === 0 ? 'Building the web app (first start, about a minute)…' : 'Rebuilding the web app…',
  );
  const result = spawnSync(
    process.execPath,
    [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    console.error('The web app did not build; see the errors above.');
    process.exit(1);
  }
}

ensureClientBuilt();
main().catch((error: unknown) => {
  console.error(`Vigil could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
