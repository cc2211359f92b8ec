import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ingestCommand } from '../../../src/server/cli/ingest';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import type { GeneratedFiles } from './support/ingest-helpers';
import { connect, countEvents, countUnjoined, writeGeneratedFiles } from './support/ingest-helpers';

let t: TestApp;
let admin: ApiClient;
let files: GeneratedFiles;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  files = await writeGeneratedFiles({ seed: 21 });
});
afterAll(async () => {
  files?.remove();
  await t?.close();
});

/** Runs `npm run ingest -- ...args` against the test database, capturing what it prints. */
async function run(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await ingestCommand(
    args,
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    t.database,
  );
  return { code, out, err };
}

describe('npm run ingest -- --source SOURCE FILE', () => {
  it('loads every generated format and prints a summary; a second run adds nothing', async () => {
    for (const source of files.order) {
      const result = await run([
        '--source',
        files.parserSource(source),
        '--quiet',
        files.file(source),
      ]);
      expect(result.code, result.err.join('\n')).toBe(0);
      expect(result.out.at(-1)).toContain(
        `${files.manifest.sources[source].events} events written, 0 duplicates`,
      );
    }
    expect(await countEvents(t)).toBe(files.manifest.totals.events);
    expect(await countUnjoined(t)).toBe(0);
    for (const source of files.order) {
      const result = await run([
        '--source',
        files.parserSource(source),
        '--quiet',
        files.file(source),
      ]);
      expect(result.out.at(-1)).toContain(
        `0 events written, ${files.manifest.sources[source].events} duplicates`,
      );
    }
    expect(await countEvents(t)).toBe(files.manifest.totals.events);
  });

  it('records the batch on an integration given by id, its kind giving the source', async () => {
    const { id } = await connect(admin, 'github');
    const result = await run(['--integration', id, files.file('github')]);
    expect(result.code).toBe(0);
    expect(result.err.some((line) => line.includes('done'))).toBe(true);
    const integration = (await admin.get(`/integrations/${id}`)).body;
    expect(integration.lastSync).toMatchObject({ via: 'cli', status: 'succeeded' });
  });

  it('exits 0 and counts the records it set aside by reason', async () => {
    const bad = path.join(files.dir, 'bad-okta.ndjson');
    const lines = fs.readFileSync(files.file('okta'), 'utf8').trim().split('\n').slice(0, 6);
    lines[2] = '{"uuid": "x"}';
    fs.writeFileSync(bad, lines.join('\n'));
    const result = await run(['--source', 'okta', '--quiet', bad]);
    expect(result.code).toBe(0);
    expect(result.out.join('\n')).toMatch(/not an Okta System Log event: .*: 1 quarantined/);
    expect(result.out.at(-1)).toMatch(/^ingest: 6 records, .* 1 quarantined/);
  });

  it('exits 1 when the file is refused whole (of another format than named)', async () => {
    const result = await run(['--source', 'github', '--quiet', files.file('okta')]);
    expect(result.code).toBe(1);
    expect(result.out.at(-1)).toMatch(/^ingest: rejected, nothing written/);
  });

  it('exits 2 on bad arguments', async () => {
    expect((await run(['--source', 'okta'])).code).toBe(2);
    expect((await run([files.file('okta'), files.file('github')])).code).toBe(2);
    expect((await run(['--source', 'nonsense', files.file('okta')])).code).toBe(2);
    expect((await run(['--source', 'okta', path.join(files.dir, 'missing.ndjson')])).code).toBe(2);
  });
});
