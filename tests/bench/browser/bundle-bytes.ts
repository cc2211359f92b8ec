import http from 'node:http';

import type { Browser, BrowserContextOptions } from 'playwright';

/** The JavaScript one page load pulled over the network. */
export interface PageScripts {
  page: string;
  scripts: number;
  /** Bytes of the .gz copies of those scripts, as the server sends them to a gzip-only client. */
  gzipBytes: number;
  /** Body bytes Chromium actually received (brotli, since it accepts br). */
  transferredBytes: number;
  /** Whether the Plotly chunk was among them. */
  plotly: boolean;
  files: string[];
}

/** Size of a response body sent with `Accept-Encoding: gzip`, counted on the wire. */
function gzipSize(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'gzip', cookie } }, (reply) => {
      let bytes = 0;
      reply.on('data', (chunk: Buffer) => (bytes += chunk.length));
      reply.on('end', () => resolve(bytes));
      reply.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * Loads `path` in a fresh context (empty cache; `state` carries the session cookie for app
 * pages), waits for `ready` and for the network to go quiet, and sums the JavaScript it loaded.
 */
export async function measurePageScripts(
  browser: Browser,
  origin: string,
  path: string,
  ready: string,
  state?: BrowserContextOptions['storageState'],
): Promise<PageScripts> {
  const context = await browser.newContext(state ? { storageState: state } : {});
  try {
    const page = await context.newPage();
    const responses: Array<Promise<{ url: string; transferred: number }>> = [];
    page.on('response', (response) => {
      const url = response.url();
      if (!new URL(url).pathname.endsWith('.js')) return;
      responses.push(
        response
          .finished()
          .then(() => response.request().sizes())
          .then((sizes) => ({ url, transferred: sizes.responseBodySize })),
      );
    });
    await page.goto(`${origin}${path}`);
    await page.locator(ready).first().waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(responses);
    const cookie = (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; ');
    const gzip = await Promise.all(loaded.map((r) => gzipSize(r.url, cookie)));
    const files = loaded.map((r) => new URL(r.url).pathname.replace('/assets/', ''));
    return {
      page: path,
      scripts: loaded.length,
      gzipBytes: gzip.reduce((a, b) => a + b, 0),
      transferredBytes: loaded.reduce((a, r) => a + r.transferred, 0),
      plotly: files.some((f) => /plotly/i.test(f)),
      files,
    };
  } finally {
    await context.close();
  }
}
