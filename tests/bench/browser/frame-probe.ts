/**
 * In-page instruments, installed with `page.evaluate(installProbe, selector)` (so it must not
 * close over anything). It keeps, on the page's performance.now() clock:
 * - every keydown's and wheel event's event.timeStamp (capture listeners on window, before the
 *   app's handlers);
 * - every DOM mutation under `selector`, as the time its MutationObserver callback ran (the
 *   microtask right after the task that changed the DOM, so after React's commit), with
 *   whether the palette's live status said "Searching…" then (cmdk's list-height write, a
 *   frame after each render, is left out);
 * - every frame: the requestAnimationFrame callback time and the time a MessageChannel message
 *   posted from that callback arrived, which is after the frame's style, layout and paint:
 *   the usual "next paint" mark.
 * - long tasks (PerformanceObserver 'longtask', 50 ms or more).
 */
export function installProbe(selector: string): void {
  interface Probe {
    inputs: number[];
    mutations: Array<{ t: number; searching: boolean }>;
    frames: Array<{ raf: number; painted: number }>;
    longTasks: Array<{ start: number; duration: number }>;
  }
  const w = window as unknown as { vigilProbe?: Probe; vigilProbeReset?: () => Probe };
  const fresh = (): Probe => ({ inputs: [], mutations: [], frames: [], longTasks: [] });
  w.vigilProbe = fresh();
  w.vigilProbeReset = () => {
    const taken = w.vigilProbe!;
    w.vigilProbe = fresh();
    return taken;
  };
  const input = (event: Event) => w.vigilProbe!.inputs.push(event.timeStamp);
  window.addEventListener('keydown', input, { capture: true });
  window.addEventListener('wheel', input, { capture: true, passive: true });
  const target = document.querySelector(selector) ?? document.body;
  new MutationObserver((records) => {
    // cmdk writes the list's measured height (--cmdk-list-height, for animating it) a frame
    // after the results render; that is not a render of results, so it is not counted.
    const cosmetic = records.every(
      (r) =>
        r.type === 'attributes' &&
        r.attributeName === 'style' &&
        (r.target as Element).hasAttribute('cmdk-list'),
    );
    if (cosmetic) return;
    const status = target.querySelector('[role="status"]')?.textContent ?? '';
    w.vigilProbe!.mutations.push({ t: performance.now(), searching: status === 'Searching…' });
  }).observe(target, { subtree: true, childList: true, characterData: true, attributes: true });
  const channel = new MessageChannel();
  channel.port1.onmessage = (event: MessageEvent<number>) =>
    w.vigilProbe!.frames.push({ raf: event.data, painted: performance.now() });
  const frame = () => {
    channel.port2.postMessage(performance.now());
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        w.vigilProbe!.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask' });
  } catch {
    // No long-task timing in this browser: the list stays empty.
  }
}

/** What the probe recorded since the last take. */
export interface ProbeRecord {
  inputs: number[];
  mutations: Array<{ t: number; searching: boolean }>;
  frames: Array<{ raf: number; painted: number }>;
  longTasks: Array<{ start: number; duration: number }>;
}

/** Returns what the probe recorded and starts a fresh record (run in the page). */
export function takeProbe(): ProbeRecord {
  return (window as unknown as { vigilProbeReset: () => ProbeRecord }).vigilProbeReset();
}

/** The first frame whose rAF callback ran at or after `t`: the frame that shows a DOM change made at `t`. */
export function paintedAfter(record: ProbeRecord, t: number): number | null {
  return record.frames.find((frame) => frame.raf >= t)?.painted ?? null;
}
