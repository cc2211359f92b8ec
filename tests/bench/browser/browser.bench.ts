import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium } from 'playwright';
import type { Page } from 'playwright';

import { buildBenchDatabase } from './bench-database';
import { startBenchServer } from './bench-server';
import { measurePageScripts } from './bundle-bytes';
import type { PageScripts } from './bundle-bytes';
import { measurePalette } from './palette-latency';
import type { PaletteModeResult } from './palette-latency';
import { formatSpread } from './stats';
import { measureTableScroll } from './table-scroll';
import type { TableScrollResult } from './table-scroll';

/** What the browser bench measured, with the load average around each part (2 shared cores). */
export interface BrowserBenchResult {
  clientBuiltAt: string;
  database: Awaited<ReturnType<typeof buildBenchDatabase>>;
  palette: PaletteModeResult[];
  table: TableScrollResult;
  bundles: PageScripts[];
  loadAverage: Record<'start' | 'afterPalette' | 'afterTable' | 'end', number[]>;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const load = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

async function signIn(page: Page, origin: string, email: string, password: string) {
  await page.goto(`${origin}/auth`);
  await page.getByLabel('Email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/app\/$/);
  // The palette is measured over a plain list page rather than the dashboard's charts.
  await page.goto(`${origin}/app/investigations`);
  await page.getByRole('heading', { name: 'Investigations' }).waitFor();
}

/**
 * The budgets only a browser can check, measured in headless Debian Chromium against the built
 * app (dist/client, `npm run build` first) served by the real server on a bench database:
 * palette keystroke latency with 50k entries, a million-row server-backed table, and the
 * JavaScript each kind of page loads.
 */
export async function benchBrowser(log: (line: string) => void): Promise<BrowserBenchResult> {
  const index = path.resolve('dist/client/index.html');
  if (!fs.existsSync(index)) throw new Error('no built client: run `npm run build` first');
  const clientBuiltAt = fs.statSync(index).mtime.toISOString();
  const entries = Number(process.env.BENCH_PALETTE_ENTRIES ?? 50_000);
  const events = Number(process.env.BENCH_TABLE_EVENTS ?? 1_000_000);
  const loadedTarget = Number(process.env.BENCH_TABLE_LOADED ?? 20_000);
  const loadAverage = { start: load(), afterPalette: [0], afterTable: [0], end: [0] };
  log(`Browser: client built ${clientBuiltAt}; load average ${loadAverage.start.join(' ')}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-browser-bench-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const database = await buildBenchDatabase(path.join(dir, 'bench.db'), entries, events);
    log(
      `  database: ${database.people.toLocaleString('en-US')} people + ${database.cases.toLocaleString('en-US')} investigations, ${database.events.toLocaleString('en-US')} app accesses for one subject, built in ${database.buildSeconds} s`,
    );
    const server = await startBenchServer(path.join(dir, 'bench.db'));
    try {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      // tsx names functions with an `__name` helper, which functions sent to the page reference.
      await context.addInitScript('globalThis.__name = (fn) => fn;');
      const page = await context.newPage();
      await signIn(page, server.origin, database.email, database.password);
      const state = await context.storageState();

      const palette = await measurePalette(page);
      loadAverage.afterPalette = load();
      for (const m of palette) {
        log(`  palette ${m.mode} (${m.prefix || 'no prefix'}), ${m.keystrokes} keys:`);
        log(`    keydown → list committed   ${formatSpread(m.localCommitMs)}`);
        log(`    keydown → list painted     ${formatSpread(m.localPaintedMs)}  [budget 16 ms]`);
        if (m.serverPaintedMs)
          log(
            `    keydown → server results   ${formatSpread(m.serverPaintedMs)}  (120 ms debounce included)`,
          );
        log(`    last: ${m.lastStatus}`);
      }
      log(`  load average after the palette ${loadAverage.afterPalette.join(' ')}`);

      const table = await measureTableScroll(
        page,
        server.origin,
        database.tableCaseId,
        loadedTarget,
      );
      loadAverage.afterTable = load();
      log(
        `  table: ${table.loadedRows.toLocaleString('en-US')} of ${database.events.toLocaleString('en-US')} rows loaded; most row elements in the DOM ${table.maxRowElements} [budget ~60]`,
      );
      for (const p of table.phases)
        log(
          `    ${p.how.padEnd(20)} frames ${formatSpread(p.frameMs)}; long tasks ${p.longTasks} (longest ${p.longestTaskMs} ms); rows ≤ ${p.maxRowElements}`,
        );
      log(`    End → last row painted     ${formatSpread(table.jumpToEndMs)}`);
      log(`    End → next page painted    ${formatSpread(table.nextPageMs)}`);
      log(`    wheel 20,000 px → rows     ${formatSpread(table.wheelJumpMs)}`);
      log(`  load average after the table ${loadAverage.afterTable.join(' ')}`);
      await context.close();

      const bundles = [
        await measurePageScripts(browser, server.origin, '/auth', 'form'),
        await measurePageScripts(
          browser,
          server.origin,
          '/app/investigations',
          '[role="grid"]',
          state,
        ),
        await measurePageScripts(
          browser,
          server.origin,
          `/app/investigations/${database.tableCaseId}/evidence-locker/app-access`,
          '.js-plotly-plot',
          state,
        ),
      ];
      for (const b of bundles)
        log(
          `  JS for ${b.page.replace(database.tableCaseId, ':id')}: ${kb(b.gzipBytes)} gzipped (${kb(b.transferredBytes)} brotli on the wire) in ${b.scripts} files; Plotly ${b.plotly ? 'loaded' : 'not loaded'}${b.page === '/auth' ? '  [budget 250 KB]' : ''}`,
        );
      loadAverage.end = load();
      log(`  load average at the end ${loadAverage.end.join(' ')}`);
      return { clientBuiltAt, database, palette, table, bundles, loadAverage };
    } finally {
      await server.stop();
    }
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
