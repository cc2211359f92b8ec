import type { IdentityDirectory } from '../privacy/identity-directory';
import type { PseudonymBook } from '../privacy/pseudonym';

/**
 * Whom a `person:` value names: an employee id, a pseudonym (`Person 7F3K-9QX2`, `7F3K-9QX2`,
 * `7f3k9qx2`), or a directory address (a real address: the name guard has already asked for
 * `identity.reveal` and audited the search). Whole values only: a hunt names people, it does
 * not list them by fragment.
 */
export function peopleNamedBy(
  directory: IdentityDirectory,
  pseudonyms: PseudonymBook,
): (value: string) => string[] {
  let byCode: Map<string, string> | null = null;
  const byId = new Map(directory.ids.map((id) => [id.toLowerCase(), id]));
  return (value) => {
    const text = value.trim();
    const id = byId.get(text.toLowerCase());
    if (id) return [id];
    if (text.includes('@')) {
      const owner = directory.emails.get(text.toLowerCase());
      return owner ? [owner] : [];
    }
    const code = text
      .toUpperCase()
      .replace(/^PERSON[\s-]*/, '')
      .replace(/[\s-]/g, '');
    if (!/^[0-9A-Z]{4,}$/.test(code)) return [];
    byCode ??= new Map(directory.ids.map((i) => [pseudonyms.of(i).code.replace('-', ''), i]));
    const found = byCode.get(code);
    return found ? [found] : [];
  };
}
