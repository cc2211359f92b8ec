import type { IdentityPolicy } from '../../privacy/identity-policy';
import { contactDays, contactGroups } from '../../db/queries/findings/daily-groups';
import type { ContactFilter } from '../../db/queries/findings/figure-conditions';
import type { FindingContext } from './finding-context';

/** How the subject reached a counterpart: mail, a file share, or posts in a channel. */
export type ContactKind = 'email' | 'share' | 'channel';

/** Every contact of a subject a range can hold: what a key is looked for among. */
const ALL_CONTACTS = 100_000;

/**
 * The key of one of the subject's contacts (a kind and an address or `#channel`): a keyed hash
 * under the installation's pseudonym secret, so a link to "the mail to this person" carries no
 * address for the reply's redaction to rewrite and tells no one whose address it was.
 */
export function contactKey(identity: IdentityPolicy, kind: string, counterpart: string): string {
  const { code } = identity.pseudonyms.of(`contact:${kind}:${counterpart}`);
  return `c-${code.replace('-', '').toLowerCase()}`;
}

/**
 * The contacts the keys stand for, among the subject's contacts in the range (as the contact
 * rollup names them), and the UTC days on which the subject had anything to do with them (so
 * the timeline reads those days, not the whole range): a key of no contact there matches nothing.
 */
export async function contactsOf(
  ctx: FindingContext,
  range: { start: number; end: number },
  keys: readonly string[],
): Promise<{ contacts: ContactFilter; days: number[] }> {
  const wanted = new Set(keys);
  const all = await contactGroups(ctx.db, ctx.build, range, ALL_CONTACTS);
  const matched = all.filter((c) => wanted.has(contactKey(ctx.identity, c.kind, c.counterpart)));
  const contacts: ContactFilter = { emails: [], shares: [], channels: [], counted: 0 };
  for (const c of matched) {
    contacts.counted += c.n;
    if (c.kind === 'email') contacts.emails.push(c.counterpart);
    else if (c.kind === 'share') contacts.shares.push(c.counterpart);
    else if (c.kind === 'channel') contacts.channels.push(c.counterpart.replace(/^#/, ''));
  }
  const days = await contactDays(ctx.db, ctx.build, range, matched);
  return { contacts, days };
}
