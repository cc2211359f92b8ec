import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { backgroundLoop } from '../../../src/server/runs/background-loop';

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits (up to 2 s, for a loaded machine) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done() && waited < 2000; waited += 5) await tick();
}

describe('backgroundLoop', () => {
  it('runs after ready, again at once when a pass says more is waiting, and on wake', async () => {
    const app = Fastify();
    let passes = 0;
    const loop = backgroundLoop(app, {
      name: 'test loop',
      everyMs: 60_000,
      pass: () => Promise.resolve(++passes < 3),
    });
    await tick();
    expect(passes).toBe(0);
    await app.ready();
    await until(() => passes >= 3);
    await tick(30);
    expect(passes).toBe(3);
    loop.wake();
    await until(() => passes >= 4);
    expect(passes).toBe(4);
    await app.close();
  });

  it('runs the first pass inside onReady when asked, and keeps going after a failure', async () => {
    const app = Fastify();
    const errors: string[] = [];
    app.log.error = ((_obj: unknown, message: string) =>
      errors.push(message)) as unknown as typeof app.log.error;
    let passes = 0;
    const loop = backgroundLoop(app, {
      name: 'failing loop',
      everyMs: 60_000,
      firstPassOnReady: true,
      pass: () => (++passes === 1 ? Promise.reject(new Error('boom')) : Promise.resolve()),
    });
    await app.ready();
    expect(passes).toBe(1);
    expect(errors).toEqual(['failing loop failed']);
    loop.wake();
    await until(() => passes >= 2);
    expect(passes).toBe(2);
    await app.close();
  });

  it('closing waits for the pass under way, then runs no more', async () => {
    const app = Fastify();
    let finished = false;
    let passes = 0;
    const loop = backgroundLoop(app, {
      name: 'slow loop',
      everyMs: 1,
      pass: async () => {
        passes++;
        await tick(40);
        finished = true;
      },
    });
    await app.ready();
    await tick(10);
    expect(loop.stopping()).toBe(false);
    await app.close();
    expect(finished).toBe(true);
    expect(loop.stopping()).toBe(true);
    const after = passes;
    loop.wake();
    await tick(30);
    expect(passes).toBe(after);
  });
});
