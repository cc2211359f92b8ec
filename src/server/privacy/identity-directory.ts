/** One person's identifiers as they may appear in text: their name, addresses and accounts. */
export interface PersonIdentifiers {
  id: string;
  fullName: string;
  email: string;
  /** Other emails and account names HR gives the person (employees.aliases). */
  aliases: readonly string[];
  /**
   * The source accounts identity resolution gave this person's events (a GitHub login
   * `mlindqvist_northwind`, `CORP\\mlindqvist`), beside the aliases HR lists.
   */
  accounts?: readonly string[];
}

interface NameForm {
  /** The words after the first, lower-cased. */
  rest: string[];
  id: string;
}

/**
 * Every employee's identifiers, indexed for the redactor: addresses and account names by their
 * lower-cased text, names by their first word. Built from the directory, rebuilt when it changes.
 */
export class IdentityDirectory {
  readonly emails = new Map<string, string>();
  readonly accounts = new Map<string, string>();
  /**
   * Account names as they may appear inside a longer word (`ayoung_Windows_…`,
   * `ext-fabrikam-jjohansson`), with `_`, `-` and `.` read alike as `.`: see `partKeyOf`.
   */
  readonly parts = new Map<string, string>();
  readonly names = new Map<string, NameForm[]>();
  readonly size: number;
  /** Every employee id, for finding people by pseudonym. */
  readonly ids: readonly string[];
  /** The domains of the people's own (directory) addresses: the company's. */
  readonly companyDomains = new Set<string>();

  constructor(people: readonly PersonIdentifiers[], exclude: ReadonlySet<string> = new Set()) {
    this.size = people.length;
    this.ids = people.map((p) => p.id);
    for (const person of people) {
      if (exclude.has(person.email.toLowerCase())) continue;
      const words = wordsOf(person.fullName);
      const own = person.email.trim().toLowerCase();
      if (own.includes('@')) this.companyDomains.add(own.slice(own.lastIndexOf('@') + 1));
      this.#address(person.email, person.id, words);
      for (const alias of person.aliases) {
        if (alias.includes('@')) this.#address(alias, person.id, words);
        else this.#account(alias, person.id);
      }
      for (const account of person.accounts ?? []) this.#account(account, person.id);
      if (words.length === 1) this.#account(words[0]!, person.id);
      if (words.length >= 2) {
        const first = words[0]!;
        const last = words[words.length - 1]!;
        this.#name(words, person.id);
        // "Okafor, Maya" and "Okafor Maya": directories and logs that put the family name first.
        this.#name([last, first], person.id);
      }
    }
  }

  #address(address: string, id: string, nameWords: readonly string[]): void {
    const lower = address.trim().toLowerCase();
    if (!lower.includes('@')) return;
    this.emails.set(lower, id);
    // The local part is the account name in most logs (jdoe, maya.okafor, C:\Users\maya.okafor),
    // unless it is just a first name ("maya@"), which alone would hide every Maya in the text.
    const local = lower.slice(0, lower.indexOf('@'));
    if (!nameWords.includes(local)) this.#account(local, id);
  }

  #account(account: string, id: string): void {
    let lower = account.trim().toLowerCase();
    const slash = lower.lastIndexOf('\\');
    if (slash >= 0) lower = lower.slice(slash + 1);
    // Short names (a two-letter login) would match ordinary words; they stay.
    if (lower.length < 3) return;
    this.accounts.set(lower, id);
    const part = partKeyOf(lower);
    if (!GENERIC_ACCOUNTS.has(part)) this.parts.set(part, id);
  }

  #name(words: string[], id: string): void {
    const [first, ...rest] = words;
    if (!first || rest.length === 0) return;
    const forms = this.names.get(first) ?? [];
    if (!forms.some((f) => f.id === id && f.rest.join(' ') === rest.join(' '))) {
      forms.push({ rest, id });
      // Longest first, so "Maya Okafor Smith" wins over "Maya Okafor".
      forms.sort((a, b) => b.rest.length - a.rest.length);
    }
    this.names.set(first, forms);
  }
}

/**
 * Account names that are never one person's, however HR lists them, and words a file or
 * channel name is made of: inside a longer word they are read as words, never as a login.
 */
const GENERIC_ACCOUNTS = new Set([
  'admin',
  'administrator',
  'root',
  'user',
  'guest',
  'test',
  'temp',
  'backup',
  'service',
  'support',
  'shared',
  'public',
  'default',
  'system',
  'security',
  'team',
  'info',
  'sales',
  'help',
  'helpdesk',
  'office',
  'ops',
  'dev',
  'app',
  'api',
  'web',
  'doc',
  'docs',
  'ext',
  'log',
  'new',
  'old',
  'tmp',
  'all',
]);

/**
 * An account name as matched inside a longer word: lower case, with `_` and `-` read as `.`,
 * so `maya.okafor` is found in the OneDrive folder `maya_okafor_northwind_example`.
 */
export function partKeyOf(account: string): string {
  return account.toLowerCase().replace(/[_-]/g, '.');
}

/** A name's words, lower-cased: "Anne-Marie  O'Brien" → ["anne-marie", "o'brien"]. */
export function wordsOf(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[\s,]+/)
    .map((w) => w.replace(/^[.'’-]+|[.'’-]+$/g, ''))
    .filter((w) => w.length > 0);
}
