const KEY = 'vigil.palette.recent';
const MAX = 30;

/** Palette entries used lately, newest first (command ids and entity keys such as `inv:<id>`). */
export function recentEntries(): string[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Records a palette entry as just used. */
export function rememberEntry(key: string): void {
  const next = [key, ...recentEntries().filter((k) => k !== key)].slice(0, MAX);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage disabled: recency is simply not kept.
  }
}

/** Records a command as just run from the palette. */
export function rememberCommand(id: string): void {
  rememberEntry(`cmd:${id}`);
}
