import type { FastifyInstance } from 'fastify';

/** What a background loop does and how often. */
export interface BackgroundLoopOptions {
  /** Named in the log line when a pass fails ("<name> failed"). */
  name: string;
  /** The wait before the first pass once the server is ready (default: none). */
  firstMs?: number;
  /** The wait after a pass before the next one. */
  everyMs: number;
  /** The first pass runs inside onReady, which waits for it: the server is ready after it. */
  firstPassOnReady?: boolean;
  /** One pass; true when more work is waiting, so the next pass starts at once. */
  pass: () => Promise<boolean | void>;
}

/** A running loop: `wake` asks for a pass now (or right after the one under way). */
export interface BackgroundLoop {
  wake: () => void;
  /** True once the server is closing: a long pass stops between its steps. */
  stopping: () => boolean;
}

/**
 * Runs `pass` in the background beside the server: one pass at a time, the next after
 * `everyMs` (or at once when a pass says more is waiting or someone woke the loop meanwhile), a
 * failed pass logged and retried at the next tick. Closing the server stops the timer and
 * waits for the pass under way, so no pass outlives the database. The one skeleton of the
 * collection scheduler, the notification sender, the reveal expiry sweep and retention.
 */
export function backgroundLoop(
  app: FastifyInstance,
  options: BackgroundLoopOptions,
): BackgroundLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let again = false;
  let current: Promise<void> = Promise.resolve();

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const run = () => {
    running = true;
    current = options
      .pass()
      .then((more) => {
        if (more === true) again = true;
      })
      .catch((error: unknown) => app.log.error({ err: error }, `${options.name} failed`))
      .finally(() => {
        running = false;
        const soon = again;
        again = false;
        schedule(soon ? 0 : options.everyMs);
      });
    return current;
  };
  function tick() {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    void run();
  }

  app.addHook('onReady', async () => {
    if (options.firstPassOnReady) await run();
    else schedule(options.firstMs ?? 0);
  });
  app.addHook('preClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    await current;
  });
  return { wake: () => schedule(0), stopping: () => stopped };
}
