/**
 * The second half of `npm run boundaries`: no two folders import each other both ways. A file
 * circle is caught by dependency-cruiser's no-circular rule; this catches the looser tangle of
 * two folders that each reach into the other through different files (analysis and case,
 * privacy and presenters…), where data climbs back up. A folder is a first-level folder of
 * src/server or src/client (src/shared is imported by both and imports neither).
 */
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/** `src/server/analysis/runs/x.ts` → `src/server/analysis`; a file at a side's root → null. */
export function folderOf(path: string): string | null {
  const match = /^src\/(server|client)\/([^/]+)\//.exec(path);
  return match ? `src/${match[1]}/${match[2]}` : null;
}

/** Every pair of folders that import each other, each with one import of either direction. */
export function foldersImportingBothWays(
  imports: ReadonlyArray<{ from: string; to: string }>,
): Array<{ pair: [string, string]; examples: [string, string] }> {
  const example = new Map<string, string>();
  for (const { from, to } of imports) {
    const a = folderOf(from);
    const b = folderOf(to);
    if (!a || !b || a === b) continue;
    const key = `${a}\u0000${b}`;
    if (!example.has(key)) example.set(key, `${from} → ${to}`);
  }
  const pairs: Array<{ pair: [string, string]; examples: [string, string] }> = [];
  for (const [key, there] of example) {
    const [a, b] = key.split('\u0000') as [string, string];
    const back = example.get(`${b}\u0000${a}`);
    if (back && a < b) pairs.push({ pair: [a, b], examples: [there, back] });
  }
  return pairs;
}

async function main(): Promise<void> {
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const { output } = await cruise(
    ['src'],
    { ...options, ruleSet: undefined, validate: false },
    undefined,
    { tsConfig: extractTSConfig('tsconfig.json') },
  );
  const result = typeof output === 'string' ? JSON.parse(output) : output;
  const imports = result.modules.flatMap(
    (module: { source: string; dependencies: Array<{ resolved: string }> }) =>
      module.dependencies.map((dependency) => ({ from: module.source, to: dependency.resolved })),
  );
  const pairs = foldersImportingBothWays(imports);
  for (const { pair, examples } of pairs)
    process.stderr.write(
      `error folders-import-both-ways: ${pair[0]} and ${pair[1]} import each other\n  ${examples[0]}\n  ${examples[1]}\n` +
        '  Data flows one way: move what both need into the lower folder (or src/shared/).\n',
    );
  if (pairs.length > 0) process.exit(1);
  process.stdout.write(`✔ no two folders import each other (${imports.length} imports read)\n`);
}

if (process.argv[1]?.endsWith('folder-pairs.ts')) await main();
