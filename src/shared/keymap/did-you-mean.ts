/**
 * "Did you mean …?" for keymap problems: a misspelt command id or context key is far easier to
 * fix when the message names the likely intended one.
 */

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The candidate closest to `name` (case-insensitive edit distance), if it is close enough to
 * be a plausible typo: at most a third of the name's length, and at least one edit allowed.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance)) {
      best = { candidate, distance };
    }
  }
  return best?.candidate;
}

/** " (did you mean "x"?)" when a close candidate exists, else an empty string. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const candidate = closestName(name, candidates);
  return candidate === undefined ? '' : ` (did you mean "${candidate}"?)`;
}
