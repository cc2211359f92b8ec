import type { Page } from 'playwright';

import { installProbe, paintedAfter, takeProbe } from './frame-probe';
import type { ProbeRecord } from './frame-probe';
import { spread } from './stats';
import type { Spread } from './stats';

/** Queries typed one key at a time, per palette mode (the prefix is typed first, unmeasured). */
const QUERIES: Record<string, { prefix: string; server: boolean; words: string[] }> = {
  commands: { prefix: '>', server: false, words: ['open invest', 'theme', 'split pane'] },
  pages: { prefix: '/', server: false, words: ['evidence', 'settings', 'incidents'] },
  investigations: { prefix: '#', server: true, words: ['usb copies', 'reyes', 'tanaka'] },
  people: { prefix: '@', server: true, words: ['maria', 'patel', 'nakamura'] },
  search: { prefix: '', server: true, words: ['bulk down', 'okafor'] },
};

/** Latencies of one palette mode, from the keydown's timestamp. */
export interface PaletteModeResult {
  mode: string;
  prefix: string;
  keystrokes: number;
  /** Keydown to the DOM commit of the locally ranked list (last mutation before any fetch). */
  localCommitMs: Spread;
  /** Keydown to the paint of the frame that shows that list: the 16 ms budget. */
  localPaintedMs: Spread;
  /** Server-searched modes: keydown to the paint of the list with the server's results (debounce included). */
  serverPaintedMs: Spread | null;
  /** What the palette's live status and footer said after the last keystroke. */
  lastStatus: string;
}

/** Milliseconds from keydown to a local render and, where the server was asked, the final one. */
function keystrokeTimes(record: ProbeRecord) {
  const t0 = record.inputs[0];
  if (t0 === undefined) throw new Error('the probe saw no keydown');
  const fetchStarted = record.mutations.find((m) => m.t >= t0 && m.searching)?.t ?? Infinity;
  // The palette asks the server 120 ms after the last key; anything later is the server's part.
  const localEnd = Math.min(fetchStarted, t0 + 115);
  const local = record.mutations.filter((m) => m.t >= t0 && m.t < localEnd);
  const lastLocal = local[local.length - 1]?.t ?? t0;
  const lastAny = record.mutations[record.mutations.length - 1]?.t ?? t0;
  const localPainted = paintedAfter(record, lastLocal);
  const serverPainted = fetchStarted === Infinity ? null : paintedAfter(record, lastAny);
  return {
    commit: lastLocal - t0,
    painted: localPainted === null ? null : localPainted - t0,
    server: serverPainted === null ? null : serverPainted - t0,
  };
}

/** Waits until the palette has been still for 300 ms and is not searching. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const probe = (window as unknown as { vigilProbe: ProbeRecord }).vigilProbe;
      const last = probe.mutations[probe.mutations.length - 1]?.t ?? 0;
      const status = document.querySelector('.palette [role="status"]')?.textContent ?? '';
      return status !== 'Searching…' && performance.now() - last > 300;
    },
    undefined,
    { polling: 50, timeout: 30_000 },
  );
}

/**
 * Opens the palette with Ctrl+K on a signed-in page and types each mode's queries one key at a
 * time, letting the palette settle between keys, so every keystroke is measured on its own.
 */
export async function measurePalette(page: Page): Promise<PaletteModeResult[]> {
  await page.keyboard.press('Control+k');
  const input = page.locator('.palette-input');
  await input.waitFor();
  await page.evaluate(installProbe, '.palette');
  const results: PaletteModeResult[] = [];
  for (const [mode, spec] of Object.entries(QUERIES)) {
    const commits: number[] = [];
    const painted: number[] = [];
    const server: number[] = [];
    for (const word of spec.words) {
      await input.fill('');
      if (spec.prefix) await page.keyboard.type(spec.prefix);
      await settle(page);
      for (const key of word) {
        await page.evaluate(takeProbe);
        await page.keyboard.type(key);
        await settle(page);
        const times = keystrokeTimes(await page.evaluate(takeProbe));
        commits.push(times.commit);
        if (times.painted !== null) painted.push(times.painted);
        if (times.server !== null) server.push(times.server);
      }
    }
    const lastStatus = await page
      .locator('.palette-footer')
      .innerText()
      .then((footer) => footer.replace(/\s+/g, ' ').trim());
    results.push({
      mode,
      prefix: spec.prefix,
      keystrokes: commits.length,
      localCommitMs: spread(commits),
      localPaintedMs: spread(painted),
      serverPaintedMs: spec.server && server.length ? spread(server) : null,
      lastStatus,
    });
  }
  await page.keyboard.press('Escape');
  return results;
}
