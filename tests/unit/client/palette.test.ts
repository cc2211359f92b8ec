import { describe, expect, it } from 'vitest';

import type { PaletteEntry } from '../../../src/client/palette/palette-entry';
import { parsePaletteInput, prefixOf } from '../../../src/client/palette/palette-modes';
import { MAX_RESULTS, rankEntries } from '../../../src/client/palette/rank';

function entry(key: string, label: string): PaletteEntry {
  return { key, label, group: 'Commands', searchText: label, run: () => undefined };
}

describe('palette prefixes', () => {
  it('select commands, investigations, people and pages', () => {
    expect(parsePaletteInput('>theme', 'search')).toEqual({ mode: 'commands', query: 'theme' });
    expect(parsePaletteInput('# usb', 'search')).toEqual({ mode: 'investigations', query: 'usb' });
    expect(parsePaletteInput('@priya', 'search')).toEqual({ mode: 'people', query: 'priya' });
    expect(parsePaletteInput('/file', 'search')).toEqual({ mode: 'pages', query: 'file' });
    expect(parsePaletteInput('plain', 'people')).toEqual({ mode: 'people', query: 'plain' });
    expect(prefixOf('people')).toBe('@');
  });
});

describe('palette ranking', () => {
  const entries = [
    entry('cmd:a', 'Go to Investigations'),
    entry('cmd:b', 'Toggle Dark/Light Theme'),
    entry('cmd:c', 'Go to Evidence: File access'),
    entry('cmd:d', 'Sign Out'),
  ];

  it('puts recent entries first when nothing is typed', () => {
    const { results } = rankEntries(entries, '', ['cmd:d', 'cmd:b']);
    expect(results.map((r) => r.key)).toEqual(['cmd:d', 'cmd:b', 'cmd:a', 'cmd:c']);
  });

  it('matches fuzzily and ranks the better match first', () => {
    expect(rankEntries(entries, 'file acc', []).results[0]!.key).toBe('cmd:c');
    expect(rankEntries(entries, 'theme', []).results.map((r) => r.key)).toEqual(['cmd:b']);
    expect(rankEntries(entries, 'zzzz', []).results).toEqual([]);
  });

  it('puts the entry named exactly as typed first', () => {
    // As the palette builds them: title, category, keywords and id.
    const both = [
      {
        ...entry('cmd:from-template', 'New Investigation from Template…'),
        searchText:
          'New Investigation from Template… Investigation case add template checklist playbook investigation.createFromTemplate',
      },
      {
        ...entry('cmd:new', 'New Investigation…'),
        searchText: 'New Investigation… Investigation case add investigation.create',
      },
    ];
    expect(rankEntries(both, 'new investigation', []).results.map((r) => r.key)).toEqual([
      'cmd:new',
      'cmd:from-template',
    ]);
  });

  it('keeps a person the server found by a name the browser never sees, after fuzzy matches', () => {
    const pseudonymized = {
      ...entry('emp:E7', 'Person 7F3K-9QX2'),
      searchText: 'Person 7F3K-9QX2 E7 Engineering',
      serverMatch: true,
    };
    const found = rankEntries([...entries, pseudonymized], 'maya okafor', []);
    expect(found.results.map((r) => r.key)).toEqual(['emp:E7']);
    // Without the server's word for it, a name that matches nothing shows nothing.
    const { serverMatch: _, ...plain } = pseudonymized;
    expect(rankEntries([...entries, plain], 'maya okafor', []).results).toEqual([]);
  });

  it('renders at most MAX_RESULTS of a large set but counts them all', () => {
    const many = Array.from({ length: 50_000 }, (_, i) =>
      entry(`inv:${i}`, `Investigation number ${i} about exfiltration`),
    );
    const started = performance.now();
    const { results, total } = rankEntries(many, 'exfil 4242', []);
    const elapsed = performance.now() - started;
    expect(results.length).toBeLessThanOrEqual(MAX_RESULTS);
    expect(results.map((r) => r.key)).toContain('inv:4242');
    expect(rankEntries(many, '4242 exfil', []).results.map((r) => r.key)).toContain('inv:4242');
    expect(total).toBeGreaterThanOrEqual(1);
    // Not a benchmark (npm run bench measures it); a guard against an accidental quadratic.
    expect(elapsed).toBeLessThan(2000);
  });
});
