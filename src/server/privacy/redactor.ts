import type { IdentityPolicy } from './identity-policy';
import type { IdentityDirectory } from './identity-directory';

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
    while (end < n && isTokenChar(text.charCodeAt(end))) end++;
    let stop = end;
    while (stop > i && isTrailing(text.charCodeAt(stop - 1))) stop--;
    // Numbers, ids and two-letter words name nobody: most tokens of a reply end here.
    const match = stop - i >= 3 && !isDigit(c) ? matchAt(text, i, stop, directory, json) : null;
    if (match && !policy.revealed.has(match.id)) {
      const pseudonym = policy.pseudonyms.of(match.id);
      out += text.slice(copied, i);
      out +=
        match.kind === 'name'
          ? pseudonym.name
          : match.kind === 'email'
            ? pseudonym.email
            : pseudonym.handle;
      copied = match.end;
      i = match.end;
      continue;
    }
    i = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

function matchAt(
  text: string,
  start: number,
  stop: number,
  directory: IdentityDirectory,
  json: boolean,
): { id: string; kind: Kind; end: number } | null {
  const token = text.slice(start, stop).toLowerCase();
  if (token.includes('@')) {
    const id = directory.emails.get(token);
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

/** Where `words` end if they follow `from` (each after spaces or a comma), else null. */
function followedBy(text: string, from: number, words: string[], json: boolean): number | null {
  let at = from;
  for (const word of words) {
    const gap = at;
    while (at < text.length && at - gap < 4) {
      const c = text.charCodeAt(at);
      if (c === 32 || c === 44 || c === 9 || c === 160) at++;
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

function isTrailing(c: number): boolean {
  return c === 46 || c === 45 || c === 39 || c === 0x2019 || c === 64 || c === 43 || c === 37;
}
