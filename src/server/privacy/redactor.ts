import type { IdentityPolicy } from './identity-policy';
import type { IdentityDirectory } from './identity-directory';
import { partKeyOf } from './identity-directory';
import type { Pseudonym } from './pseudonym';

/** What a matched identifier is replaced with. */
type Kind = 'name' | 'email' | 'account';

/**
 * Replaces every employee's name, address and account name in free text (raw records, event
 * fields, titles, notes, CSV cells) with their pseudonym, except people revealed by the policy:
 * the same person reads as the same pseudonym throughout. One pass over the text: a token is a
 * run of letters, digits and `_ . - ' ’ @ + %`, so an address is one token; a name is a token
 * followed by its other words separated by spaces or a comma.
 *
 * `json`: the text is serialized JSON, whose escapes (`\n`, `\\`, `\u0001`) separate tokens.
 */
export function redactText(
  text: string,
  directory: IdentityDirectory,
  policy: IdentityPolicy,
  json = false,
): string {
  if (!policy.pseudonymize || directory.size === 0) return text;
  const filter = keyFilter(directory);
  const parts = partFilter(directory);
  let out = '';
  let copied = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (json && c === 92 /* \ */) {
      i += text.charCodeAt(i + 1) === 117 /* u */ ? 6 : 2;
      continue;
    }
    if (!isTokenChar(c)) {
      i++;
      continue;
    }
    let end = i + 1;
    let ascii = c < 128;
    let address = false;
    let compound = false;
    for (let d: number; end < n && isTokenChar((d = text.charCodeAt(end))); end++) {
      if (d >= 128) ascii = false;
      else if (d === 64 /* @ */) address = true;
      else if (isSeparator(d)) compound = true;
    }
    let stop = end;
    while (stop > i && isTrailing(text.charCodeAt(stop - 1))) stop--;
    // Numbers, ids and two-letter words name nobody: most tokens of a reply end here, and
    // most others at the key filter, before any string is made.
    const match =
      stop - i >= 3 && !isDigit(c) && (!ascii || address || mayBeKey(filter, text, i, stop))
        ? matchAt(text, i, stop, directory, json)
        : null;
    if (match && !policy.revealed.has(match.id)) {
      const pseudonym = policy.pseudonyms.of(match.id);
      out += text.slice(copied, i);
      out +=
        match.kind === 'name'
          ? pseudonym.name
          : match.kind === 'email'
            ? addressFor(text.slice(i, match.end), pseudonym, directory)
            : pseudonym.handle;
      copied = match.end;
      i = match.end;
      continue;
    }
    // A login inside a longer word: a GitHub `mlindqvist_northwind`, an Intune device
    // `ayoung_Windows_…`, a OneDrive folder, a Slack channel `ext-fabrikam-jjohansson`. An
    // address is left whole: `jsmith@acmecorp.example` is someone at Acme, whatever our logins.
    if (compound && !address && !match) {
      const count = partsOf(text, i, stop);
      for (let k = 0; k < count;) {
        const part = partAt(text, k, count, directory, ascii ? parts : null);
        if (part && !policy.revealed.has(part.id)) {
          out += text.slice(copied, BOUNDS[2 * k]) + policy.pseudonyms.of(part.id).handle;
          copied = BOUNDS[2 * part.last + 1]!;
        }
        k = part ? part.last + 1 : k + 1;
      }
    }
    i = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Where each part of the compound word being read starts and ends: [start0, end0, ...]. */
const MAX_WORD_PARTS = 32;
const BOUNDS = new Int32Array(2 * MAX_WORD_PARTS);

/**
 * Splits text[from, stop) at `_`, `-` and `.` into BOUNDS (a longer word's first 32 parts) and
 * returns how many parts there are.
 */
function partsOf(text: string, from: number, stop: number): number {
  let count = 0;
  let start = from;
  for (let at = from; at <= stop && count < MAX_WORD_PARTS; at++) {
    if (at === stop || isSeparator(text.charCodeAt(at))) {
      if (at > start) {
        BOUNDS[2 * count] = start;
        BOUNDS[2 * count + 1] = at;
        count++;
      }
      start = at + 1;
    }
  }
  return count;
}

/** How many parts a login inside a longer word may have (`maya.okafor`: two). */
const MAX_PARTS = 3;

/**
 * The account name that parts `first` to at most `first + 2` of the word in BOUNDS make:
 * `mlindqvist` in `mlindqvist_northwind`, `maya_okafor` in `maya_okafor_northwind_example`;
 * the longest wins. A three-letter login counts only at either end of the word, where systems
 * put a login (`jli_Windows_…`, `ext-acme-jli`): in the middle it is too likely a word of a
 * file name. `parts` is the key filter; null when the word is not ASCII.
 */
function partAt(
  text: string,
  first: number,
  count: number,
  directory: IdentityDirectory,
  parts: Uint8Array | null,
): { id: string; last: number } | null {
  const from = BOUNDS[2 * first]!;
  if (isDigit(text.charCodeAt(from))) return null;
  let longest: { id: string; last: number } | null = null;
  for (let k = first; k < count && k < first + MAX_PARTS; k++) {
    const to = BOUNDS[2 * k + 1]!;
    const length = to - from;
    if (length < 3 || (length === 3 && first !== 0 && k !== count - 1)) continue;
    if (parts && parts[partHash(text, from, to)] !== 1) continue;
    const id = directory.parts.get(partKeyOf(text.slice(from, to)));
    if (id) longest = { id, last: k };
  }
  return longest;
}

/**
 * A bitmap of the directory's keys (addresses, first words of names, account names) by a hash
 * of their length, first two and last characters: a token whose hash is absent is no key, so
 * it is passed over without being sliced, lower-cased or looked up. Only keys in ASCII are in
 * it; a token with any other character skips the filter (lower-casing may change its length).
 */
const FILTER_SIZE = 1 << 20;
const keyFilters = new WeakMap<IdentityDirectory, Uint8Array>();

function keyFilter(directory: IdentityDirectory): Uint8Array {
  let filter = keyFilters.get(directory);
  if (!filter) {
    const bits = new Uint8Array(FILTER_SIZE);
    for (const keys of [directory.emails.keys(), directory.names.keys(), directory.accounts.keys()])
      for (const key of keys)
        if (key.length >= 3 && isAscii(key)) bits[keyHash(key, 0, key.length)] = 1;
    keyFilters.set(directory, bits);
    filter = bits;
  }
  return filter;
}

const partFilters = new WeakMap<IdentityDirectory, Uint8Array>();

/** The key filter of the account names matched inside longer words (`partHash`). */
function partFilter(directory: IdentityDirectory): Uint8Array {
  let filter = partFilters.get(directory);
  if (!filter) {
    const bits = new Uint8Array(FILTER_SIZE);
    for (const key of directory.parts.keys())
      if (key.length >= 3 && isAscii(key)) bits[partHash(key, 0, key.length)] = 1;
    partFilters.set(directory, bits);
    filter = bits;
  }
  return filter;
}

/** `keyHash` with `_` and `-` read as `.`, as `partKeyOf` reads them. */
function partHash(text: string, start: number, stop: number): number {
  let h = stop - start;
  h = Math.imul(h, 31) + partChar(text.charCodeAt(start));
  h = Math.imul(h, 31) + partChar(text.charCodeAt(start + 1));
  h = Math.imul(h, 31) + partChar(text.charCodeAt(stop - 1));
  return (h ^ (h >>> 15)) & (FILTER_SIZE - 1);
}

function partChar(c: number): number {
  return c === 95 || c === 45 ? 46 : lowerAscii(c);
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 128) return false;
  return true;
}

function lowerAscii(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** The filter's hash of text[start, stop), read as lower case (ASCII). */
function keyHash(text: string, start: number, stop: number): number {
  let h = stop - start;
  h = Math.imul(h, 31) + lowerAscii(text.charCodeAt(start));
  h = Math.imul(h, 31) + lowerAscii(text.charCodeAt(start + 1));
  h = Math.imul(h, 31) + lowerAscii(text.charCodeAt(stop - 1));
  return (h ^ (h >>> 15)) & (FILTER_SIZE - 1);
}

function mayBeKey(filter: Uint8Array, text: string, start: number, stop: number): boolean {
  return filter[keyHash(text, start, stop)] === 1;
}

function matchAt(
  text: string,
  start: number,
  stop: number,
  directory: IdentityDirectory,
  json: boolean,
): { id: string; kind: Kind; end: number } | null {
  const token = text.slice(start, stop).toLowerCase();
  const at = token.indexOf('@');
  if (at >= 0) {
    const id = directory.emails.get(token) ?? ownerByName(token.slice(0, at), directory);
    return id ? { id, kind: 'email', end: stop } : null;
  }
  const forms = directory.names.get(token);
  if (forms) {
    for (const form of forms) {
      const end = followedBy(text, stop, form.rest, json);
      if (end !== null) return { id: form.id, kind: 'name', end };
    }
  }
  const id = directory.accounts.get(token);
  return id ? { id, kind: 'account', end: stop } : null;
}

/**
 * A person's address in text: their pseudonymous address when it is at the company, else the
 * pseudonym's handle at the same domain, so "mail to a personal address at gmail.com" stays
 * evident ("person-7f3k9qx2@gmail.com") without saying whose it is.
 */
function addressFor(address: string, pseudonym: Pseudonym, directory: IdentityDirectory): string {
  const domain = address.slice(address.lastIndexOf('@') + 1);
  return directory.companyDomains.has(domain.toLowerCase())
    ? pseudonym.email
    : `${pseudonym.handle}@${domain}`;
}

/**
 * Whose name an address the directory does not know spells out: "aoife.young21@proton.me",
 * "young_aoife@…" (a personal address found in a note or a mail). The local part's letter
 * runs, in order, must be one of a person's name forms, nothing else but digits around them.
 */
function ownerByName(local: string, directory: IdentityDirectory): string | null {
  const words = local.split(/[^\p{L}'’-]+/u).filter((w) => w.length > 0);
  if (words.length < 2 || words.length > 4) return null;
  for (const form of directory.names.get(words[0]!) ?? []) {
    if (form.rest.length === words.length - 1 && form.rest.every((w, k) => w === words[k + 1]))
      return form.id;
  }
  return null;
}

/** Where `words` end if they follow `from` (each after spaces or a comma), else null. */
function followedBy(text: string, from: number, words: string[], json: boolean): number | null {
  let at = from;
  for (const word of words) {
    const gap = at;
    while (at < text.length && at - gap < 4) {
      const c = text.charCodeAt(at);
      // A comma counts only before a space ("Okafor, Maya"): "Okafor,Maya" is two CSV cells.
      if (c === 32 || c === 9 || c === 160 || (c === 44 && text.charCodeAt(at + 1) === 32)) at++;
      else if (json && c === 92 && isSpaceEscape(text.charCodeAt(at + 1))) at += 2;
      else break;
    }
    if (at === gap) return null;
    if (text.slice(at, at + word.length).toLowerCase() !== word) return null;
    at += word.length;
    if (at < text.length && isTokenChar(text.charCodeAt(at)) && !isTrailing(text.charCodeAt(at)))
      return null;
  }
  return at;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isSpaceEscape(c: number): boolean {
  return c === 110 /* n */ || c === 116 /* t */ || c === 114; /* r */
}

function isTokenChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 95 /* _ */ ||
    c === 46 /* . */ ||
    c === 45 /* - */ ||
    c === 39 /* ' */ ||
    c === 64 /* @ */ ||
    c === 43 /* + */ ||
    c === 37 /* % */ ||
    (c >= 0xc0 && c !== 0xd7 && c !== 0xf7 && !(c >= 0x2000 && c <= 0x206f)) ||
    c === 0x2019 /* ’ */
  );
}

/** What separates the parts of a compound word: `_`, `-` and `.` (`/` ends a token). */
function isSeparator(c: number): boolean {
  return c === 95 || c === 45 || c === 46;
}

function isTrailing(c: number): boolean {
  return c === 46 || c === 45 || c === 39 || c === 0x2019 || c === 64 || c === 43 || c === 37;
}
