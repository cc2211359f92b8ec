import { spawnSync } from 'node:child_process';

/**
 * `npm test`: every check in order, with a summary. Typecheck, lint, import boundaries
 * (dependency-cruiser: no circles, one-way imports), formatting, unit tests, API tests on SQLite
 * and PostgreSQL, the production build, and the end-to-end journeys in Chromium.
 */
const steps: Array<{ name: string; command: string[]; needs?: string }> = [
  {
    name: 'typecheck',
    command: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'],
  },
  { name: 'lint', command: ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.'] },
  {
    name: 'boundaries',
    command: [
      'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
      'src',
      '--config',
      '.dependency-cruiser.cjs',
    ],
  },
  {
    name: 'format',
    command: ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.'],
  },
  { name: 'unit tests', command: ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit'] },
  {
    name: 'API tests (SQLite and PostgreSQL)',
    command: [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'api-sqlite',
      '--project',
      'api-postgres',
    ],
  },
  { name: 'build', command: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'] },
  {
    name: 'end-to-end tests',
    command: [
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      'tests/e2e/playwright.config.ts',
    ],
    needs: 'build',
  },
];

const results: Array<{ name: string; ok: boolean; seconds: number; skipped?: boolean }> = [];
for (const step of steps) {
  if (step.needs && !results.find((r) => r.name === step.needs)?.ok) {
    results.push({ name: step.name, ok: false, seconds: 0, skipped: true });
    continue;
  }
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, step.command, { stdio: 'inherit', env: process.env });
  results.push({ name: step.name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}

console.log('\nSummary');
for (const r of results) {
  console.log(
    `  ${r.skipped ? '–' : r.ok ? '✓' : '✗'} ${r.name}${r.skipped ? ' (skipped)' : ` (${r.seconds.toFixed(1)} s)`}`,
  );
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
