import type { RuleFormat } from '../../../shared/schemas/detection-rules';

/** The language a rule text is written in, by its look: Vigil's rules are JSON, Sigma's YAML. */
export function guessFormat(text: string): RuleFormat | null {
  const start = text.trimStart()[0];
  if (start === undefined) return null;
  return start === '{' || start === '[' ? 'vigil' : 'sigma';
}

/** The language of an uploaded file, by its name's ending. */
export function formatOfFile(name: string): RuleFormat | null {
  if (/\.json$/i.test(name)) return 'vigil';
  if (/\.ya?ml$/i.test(name)) return 'sigma';
  return null;
}

/**
 * The first line a refusal names ("The rule cannot be used: line 12: …"), counted from 1; null
 * when it names none.
 */
export function problemLine(message: string | undefined): number | null {
  const match = /\bline (\d+)\b/i.exec(message ?? '');
  return match ? Number(match[1]) : null;
}

/** Where a line starts and ends in a text (for selecting it), or null past the end. */
export function lineRange(text: string, line: number): { start: number; end: number } | null {
  const lines = text.split('\n');
  if (line < 1 || line > lines.length) return null;
  const start = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
  return { start, end: start + lines[line - 1]!.length };
}
