import { spawn } from 'node:child_process';
import net from 'node:net';

/** The real Vigil server (src/server/main.ts, serving the built client) on a bench database. */
export interface BenchServer {
  origin: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `src/server/main.ts` in a child process on a free port, as `npm start` would (no demo
 * data, logs at warn), and waits until /healthz answers.
 */
export async function startBenchServer(databaseFile: string): Promise<BenchServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseFile,
      VIGIL_ADMIN_PASSWORD: 'bench-password-123',
      VIGIL_DEMO_DATA: 'false',
      VIGIL_PRETTY_LOGS: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bench server exited (${child.exitCode})`);
    const ok = await fetch(`${origin}/healthz`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the bench server did not answer /healthz within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
