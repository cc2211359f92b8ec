import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Writes .br and .gz copies of the built text assets, which the server sends to browsers that
 * accept them (@fastify/static `preCompressed`), so no CPU is spent compressing per request.
 */
function precompress(): Plugin {
  // The directory the build wrote (`--outDir` overrides VIGIL_CLIENT_DIR).
  let dir = CLIENT_DIR;
  return {
    name: 'vigil-precompress',
    apply: 'build',
    configResolved(config) {
      dir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (folder: string): string[] =>
        fs
          .readdirSync(folder, { withFileTypes: true })
          .flatMap((entry) =>
            entry.isDirectory()
              ? walk(path.join(folder, entry.name))
              : [path.join(folder, entry.name)],
          );
      for (const file of walk(dir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || fs.statSync(file).size < 1024) continue;
        const content = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
      }
    },
  };
}

/** Where the client is built; VIGIL_CLIENT_DIR (which the server also reads) moves it. */
const CLIENT_DIR = path.resolve(process.env.VIGIL_CLIENT_DIR ?? 'dist/client');

/**
 * One config for the browser build and for Vitest.
 * The client is built into dist/client and served by the Fastify server.
 */
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), precompress()],
  // Plotly's bundles reference Node's `global`.
  define: { global: 'globalThis' },
  build: {
    outDir: CLIENT_DIR,
    emptyOutDir: true,
    // Maps are written for the build's own tools but not linked from the bundles, and the server
    // never serves them: they would hand anyone the client's sources.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 4000,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  test: {
    root: '.',
    // Test files share one module cache per worker instead of importing the server, schemas and
    // client afresh for each file (about 4 s of imports per API file): the unit tests take half
    // the CPU time, the API tests a third. Every API file builds its own app and database, and
    // no test relies on a module's side effects; VIGIL_TEST_ISOLATE=1 isolates files again to
    // rule that out.
    isolate: process.env.VIGIL_TEST_ISOLATE === '1',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api-sqlite',
          root: '.',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { VIGIL_TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          root: '.',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { VIGIL_TEST_DB: 'postgres' },
          globalSetup: ['tests/api/support/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
