import type { IdentityDirectory } from './identity-directory';

/** Shorter parts are too common to say much of a person ("usb", "ssh", "and" are in names). */
const MIN_PART = 4;
/** A search part holding an identifier counts only for identifiers this long ("eve" in "event" does not). */
const MIN_HELD = 5;

/** The words a text splits into: runs of letters and digits, lower-cased. */
function partsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part.length > 0);
}

const identifierParts = new WeakMap<IdentityDirectory, string[]>();

/**
 * Every word of every identifier in the directory (name words, address local parts, account
 * names, split at `. _ - \`), without the company's domain labels, which name nobody.
 */
function partsOfDirectory(directory: IdentityDirectory): string[] {
  let parts = identifierParts.get(directory);
  if (!parts) {
    const domainLabels = new Set([...directory.companyDomains].flatMap(partsOf));
    const found = new Set<string>();
    const add = (text: string) => {
      for (const part of partsOf(text)) if (!domainLabels.has(part)) found.add(part);
    };
    for (const email of directory.emails.keys()) add(email.slice(0, email.lastIndexOf('@')));
    for (const account of directory.accounts.keys()) add(account);
    for (const [first, forms] of directory.names) {
      add(first);
      for (const form of forms) form.rest.forEach(add);
    }
    parts = [...found];
    identifierParts.set(directory, parts);
  }
  return parts;
}

/**
 * Whether search text is a test of a name: a word of it (four letters or more) is part of an
 * employee's name, address or account name ("ayoun" of "ayoung"), or holds one
 * ("ayoungwindows"). Matching raw text with such a word finds that person's events, and which
 * case they are in, behind their pseudonym (issue 23); the caller sees only pseudonyms, so the
 * word is nothing they could have read.
 */
export function namesPart(q: string, directory: IdentityDirectory): boolean {
  const wanted = partsOf(q).filter((part) => part.length >= MIN_PART && !/^\d+$/.test(part));
  if (wanted.length === 0) return false;
  for (const identifier of partsOfDirectory(directory)) {
    for (const part of wanted) {
      if (identifier.includes(part)) return true;
      if (identifier.length >= MIN_HELD && part.includes(identifier)) return true;
    }
  }
  return false;
}
