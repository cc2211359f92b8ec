import { describe, expect, it } from 'vitest';

import { compiled, refusal } from './sigma-support';

/** Seven anchored lists of ten, each made of the one before: 10^7 values from 300-odd bytes. */
function aliasBomb(levels = 7): string {
  const names = 'abcdefghij'.slice(0, levels).split('');
  const lists = names.map((name, i) => {
    const item = i === 0 ? 'x' : `*${names[i - 1]!}`;
    return `${name}: &${name} [${Array.from({ length: 10 }, () => item).join(',')}]`;
  });
  return `title: Alias bomb
${lists.join('\n')}
logsource:
    category: process_creation
    product: windows
detection:
    sel:
        CommandLine: x
    condition: sel
`;
}

describe('a YAML alias bomb', () => {
  it('is refused within a second, naming the line where expansion passed the limit', () => {
    const text = aliasBomb();
    expect(text.length).toBeLessThan(400);
    const started = performance.now();
    const problem = refusal(text);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(problem.message).toMatch(
      /^line \d+: the YAML holds more than 20,000 values once its aliases are expanded/,
    );
  });

  it('leaves aliases a rule really uses alone (a hundred values)', () => {
    expect(compiled(aliasBomb(2))).toHaveLength(1);
  });
});
