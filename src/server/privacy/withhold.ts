import type { IdentityDirectory } from './identity-directory';
import type { IdentityPolicy } from './identity-policy';
import type { Pseudonym } from './pseudonym';
import { PseudonymBook } from './pseudonym';
import { redactText } from './redactor';

/** What a person named in text someone wrote reads as. */
export const WITHHELD = '[withheld]';

const WITHHELD_PERSON: Pseudonym = {
  code: WITHHELD,
  name: WITHHELD,
  email: WITHHELD,
  handle: WITHHELD,
};

/** A book in which everyone is the same: nobody's pseudonym can be read from it. */
class WithheldBook extends PseudonymBook {
  constructor() {
    super('');
  }

  override of(): Pseudonym {
    return WITHHELD_PERSON;
  }
}

const withheldBook = new WithheldBook();

/**
 * Text a caller supplied (a note, a title, a description, a search, an identifier echoed in a
 * message), as a reply may show it: every person it names reads "[withheld]", never their
 * pseudonym. Redacting a caller's text to pseudonyms would answer "whose pseudonym is this
 * name?" to anyone who types a name (issue 23). People revealed in the case stay as written.
 */
export function withholdNames(
  text: string,
  directory: IdentityDirectory,
  policy: IdentityPolicy,
  json = false,
): string {
  return redactText(text, directory, { ...policy, pseudonyms: withheldBook }, json);
}
