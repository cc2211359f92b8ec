import type { IdentityDirectory } from './identity-directory';
import type { PseudonymBook } from './pseudonym';

export type { PersonSearch } from '../db/queries/person-match';

/** At most this many people matched by a pseudonym fragment (a search, not a listing). */
const MAX_PSEUDONYM_MATCHES = 500;

/**
 * The people whose pseudonym holds `q`: "Person 7F3K-9QX2", "7f3k9qx2", "7F3K" all find them.
 * A fragment of fewer than three characters matches nobody (it would match most people).
 */
export function idsByPseudonym(
  q: string,
  directory: IdentityDirectory,
  pseudonyms: PseudonymBook,
): string[] {
  const fragment = q
    .toUpperCase()
    .replace(/^\s*PERSON[\s-]*/, '')
    .replace(/[\s-]/g, '');
  if (fragment.length < 3 || !/^[0-9A-Z]+$/.test(fragment)) return [];
  const found: string[] = [];
  for (const id of directory.ids) {
    if (pseudonyms.of(id).code.replace('-', '').includes(fragment)) {
      found.push(id);
      if (found.length >= MAX_PSEUDONYM_MATCHES) break;
    }
  }
  return found;
}
