import type { Page } from 'playwright';

import { installProbe, paintedAfter, takeProbe } from './frame-probe';
import type { ProbeRecord } from './frame-probe';
import { spread } from './stats';
import type { Spread } from './stats';

const GRID = '[role="grid"][aria-label="App accesses"]';

/** Frame times and long tasks while scrolling one way. */
export interface ScrollPhase {
  how: string;
  /** requestAnimationFrame deltas. */
  frameMs: Spread;
  longTasks: number;
  longestTaskMs: number;
  /** Most body-row elements in the DOM at any frame or mutation of this phase. */
  maxRowElements: number;
}

/** What the server-backed table did under scrolling. */
export interface TableScrollResult {
  /** Rows loaded into the list (cursor pages of 200) before and while scrolling. */
  loadedRows: number;
  maxRowElements: number;
  phases: ScrollPhase[];
  /** End pressed: keydown to the paint of the frame that shows the last loaded row. */
  jumpToEndMs: Spread;
  /** End pressed at the bottom: keydown to the paint of the next server page's first rows. */
  nextPageMs: Spread;
  /** A 20,000 px wheel jump: wheel event to the paint of rows covering the new position. */
  wheelJumpMs: Spread;
}

/** Counts body rows on every frame and mutation, keeping the maximum (run in the page). */
function installRowCounter(selector: string): void {
  const w = window as unknown as { vigilRows: { max: number }; vigilRowsReset: () => number };
  const grid = document.querySelector(selector)!;
  w.vigilRows = { max: 0 };
  const count = () => {
    const n = grid.querySelectorAll('.dt-body-row').length;
    if (n > w.vigilRows.max) w.vigilRows.max = n;
  };
  w.vigilRowsReset = () => {
    const max = w.vigilRows.max;
    w.vigilRows.max = 0;
    return max;
  };
  new MutationObserver(count).observe(grid, { subtree: true, childList: true });
  const frame = () => {
    count();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const takeRowMax = () => (window as unknown as { vigilRowsReset: () => number }).vigilRowsReset();

async function loadedRows(page: Page): Promise<number> {
  const text = await page.locator('.dt-count').last().innerText();
  return Number(/([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
}

function summarize(how: string, record: ProbeRecord, maxRowElements: number): ScrollPhase {
  const deltas = record.frames.slice(1).map((f, i) => f.raf - record.frames[i]!.raf);
  return {
    how,
    frameMs: spread(deltas),
    longTasks: record.longTasks.length,
    longestTaskMs: Math.round(Math.max(0, ...record.longTasks.map((t) => t.duration))),
    maxRowElements,
  };
}

/** Whether the grid shows the row with this aria-rowindex; marks the time it first did (in the page). */
function rowShown(args: { grid: string; rowIndex: number }): boolean {
  const shown = document.querySelector(`${args.grid} [aria-rowindex="${args.rowIndex}"]`) !== null;
  const w = window as unknown as { vigilShownAt?: Record<number, number> };
  w.vigilShownAt ??= {};
  if (shown) w.vigilShownAt[args.rowIndex] ??= performance.now();
  return shown;
}

/** Whether rows cover the scroll position after a wheel jump toward `goal` (in the page). */
function rowsCover(args: { grid: string; goal: number }): boolean {
  const grid = document.querySelector<HTMLElement>(args.grid)!;
  const top = grid.scrollTop;
  if (Math.abs(top - args.goal) > grid.clientHeight * 2) return false;
  const covered = Array.from(grid.querySelectorAll<HTMLElement>('.dt-body-row')).some((row) => {
    const y = new DOMMatrix(getComputedStyle(row).transform).m42;
    return y <= top && y + row.offsetHeight >= top;
  });
  if (covered) (window as unknown as { vigilReadyAt: number }).vigilReadyAt = performance.now();
  return covered;
}

/**
 * From the input event the probe saw to the paint of the frame after the last DOM change that
 * came before `ready` first held (checked on every frame).
 */
async function timeUntil<A extends { grid: string }>(
  page: Page,
  ready: (arg: A) => boolean,
  arg: A,
): Promise<number | null> {
  await page.waitForFunction(ready as (arg: unknown) => boolean, arg, {
    polling: 'raf',
    timeout: 30_000,
  });
  const at = await page.evaluate(
    () => (window as unknown as { vigilReadyAt: number }).vigilReadyAt,
  );
  return sincePress(await page.evaluate(takeProbe), at);
}

/** From the first input event to the paint after the last DOM change before `at`. */
function sincePress(record: ProbeRecord, at: number): number | null {
  const t0 = record.inputs[0];
  if (t0 === undefined) return null;
  const last = record.mutations.filter((m) => m.t <= at).pop()?.t ?? at;
  const painted = paintedAfter(record, Math.max(last, t0));
  return painted === null ? null : painted - t0;
}

/**
 * Opens the App access page of the million-access case, loads `target` rows by pressing End
 * (each End at the bottom asks the server for the next cursor page), then scrolls by j, by
 * PageDown and by the wheel, recording row elements, frame times and long tasks.
 */
export async function measureTableScroll(
  page: Page,
  origin: string,
  caseId: string,
  target: number,
): Promise<TableScrollResult> {
  await page.goto(`${origin}/app/investigations/${caseId}/evidence-locker/app-access`);
  const grid = page.locator(GRID);
  await grid.locator('.dt-body-row').first().waitFor({ timeout: 300_000 });
  await grid.focus();
  await page.evaluate(installProbe, GRID);
  await page.evaluate(installRowCounter, GRID);

  const jumpToEnd: number[] = [];
  const nextPage: number[] = [];
  await page.evaluate(takeProbe);
  await page.evaluate(takeRowMax);
  let loaded = await loadedRows(page);
  while (loaded < target) {
    // End moves the cursor to the last loaded row; rendering near the end asks for the next page.
    await page.evaluate(takeProbe);
    await page.keyboard.press('End');
    const last = { grid: GRID, rowIndex: loaded + 1 };
    const next = { grid: GRID, rowIndex: loaded + 2 };
    await page.waitForFunction(rowShown, last, { polling: 'raf', timeout: 30_000 });
    await page.waitForFunction(rowShown, next, { polling: 'raf', timeout: 30_000 });
    const shownAt = await page.evaluate(
      () => (window as unknown as { vigilShownAt: Record<number, number> }).vigilShownAt,
    );
    const record = await page.evaluate(takeProbe);
    const toEnd = sincePress(record, shownAt[last.rowIndex]!);
    const more = sincePress(record, shownAt[next.rowIndex]!);
    if (toEnd !== null) jumpToEnd.push(toEnd);
    if (more !== null) nextPage.push(more);
    const now = await loadedRows(page);
    if (now <= loaded) break;
    loaded = now;
  }
  const loadMax = await page.evaluate(takeRowMax);
  const phases: ScrollPhase[] = [];
  await page.keyboard.press('Home');
  await page.waitForTimeout(300);
  await page.evaluate(takeProbe);
  await page.evaluate(takeRowMax);

  for (let i = 0; i < 400; i++) await page.keyboard.press('j');
  phases.push(summarize('j ×400', await page.evaluate(takeProbe), await page.evaluate(takeRowMax)));

  for (let i = 0; i < 150; i++) await page.keyboard.press('PageDown');
  phases.push(
    summarize('PageDown ×150', await page.evaluate(takeProbe), await page.evaluate(takeRowMax)),
  );

  const box = (await grid.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 200; i++) await page.mouse.wheel(0, 400);
  await page.waitForTimeout(300);
  phases.push(
    summarize('wheel 400 px ×200', await page.evaluate(takeProbe), await page.evaluate(takeRowMax)),
  );

  const wheelJump: number[] = [];
  await page.keyboard.press('Home');
  await page.waitForTimeout(300);
  for (let i = 0; i < 10; i++) {
    await page.evaluate(takeProbe);
    const goal = await grid.evaluate(
      (el, down) =>
        Math.min(
          Math.max(0, el.scrollTop + (down ? 20_000 : -20_000)),
          el.scrollHeight - el.clientHeight,
        ),
      i % 2 === 0,
    );
    await page.mouse.wheel(0, i % 2 === 0 ? 20_000 : -20_000);
    const ms = await timeUntil(page, rowsCover, { grid: GRID, goal });
    if (ms !== null) wheelJump.push(ms);
  }
  const jumpMax = await page.evaluate(takeRowMax);
  return {
    loadedRows: await loadedRows(page),
    maxRowElements: Math.max(loadMax, jumpMax, ...phases.map((p) => p.maxRowElements)),
    phases,
    jumpToEndMs: spread(jumpToEnd),
    nextPageMs: spread(nextPage),
    wheelJumpMs: spread(wheelJump),
  };
}
