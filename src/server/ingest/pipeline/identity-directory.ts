/**
 * How Vigil joins identities across sources. The join key is the email address:
 *
 * 1. An actor email that an employee has (case-insensitively) is that employee.
 * 2. An address on a company domain that no employee has joins by its local part when exactly
 *    one employee on a company domain has that local part (`jdoe@corp.northwind.example`, an
 *    Active Directory UPN, is `jdoe@northwind.example`).
 * 3. Accounts that are not emails go through `accountToEmail`:
 *    - Windows `DOMAIN\user`: when DOMAIN is the NetBIOS name of a company domain (its first
 *      label, upper-cased: NORTHWIND for northwind.example), `user` is the local part:
 *      NORTHWIND\jdoe is jdoe@northwind.example. Other domains (NT AUTHORITY\SYSTEM, a
 *      workstation's local accounts) are not people and map to nothing.
 *    - GitHub logins: a login equal to an employee's local part is that employee; an Enterprise
 *      Managed User login `<local part>_<shortcode>` whose shortcode is the first label of a
 *      company domain (jdoe_northwind) maps the same way.
 *    When no employee has the local part yet, the address is still built on the company domain
 *    it came from, so the event keeps an email that joins once HR delivers the employee.
 *    SIDs and anything else stay unmapped (the account stays in `actorId`).
 * An unknown employee is not an error: the event is kept with no employee and joins when the
 * HR feed brings one with that email.
 */
export class IdentityDirectory {
  private readonly idByEmail = new Map<string, string>();
  private readonly emailByLocalPart = new Map<string, string | null>();
  private readonly companyDomains: readonly string[];
  /** First label of each company domain (northwind for northwind.example) → its domain. */
  private readonly domainByShortName = new Map<string, string>();

  constructor(
    employees: Iterable<{ id: string; email: string }>,
    companyDomains: readonly string[],
  ) {
    this.companyDomains = companyDomains.map((d) => d.toLowerCase());
    for (const domain of this.companyDomains) {
      const short = domain.split('.')[0]!;
      if (!this.domainByShortName.has(short)) this.domainByShortName.set(short, domain);
    }
    for (const employee of employees) this.add(employee.id, employee.email);
  }

  /** Learns an employee (from the directory or an HR record of the batch). */
  add(id: string, email: string): void {
    const address = email.toLowerCase();
    this.idByEmail.set(address, id);
    const at = address.lastIndexOf('@');
    if (at <= 0 || !this.isCompanyDomain(address.slice(at + 1))) return;
    const local = address.slice(0, at);
    const known = this.emailByLocalPart.get(local);
    // Two employees sharing a local part on different company domains: no guessing.
    this.emailByLocalPart.set(local, known === undefined || known === address ? address : null);
  }

  /** The id of the employee who has this email, if any. */
  ownerOf(email: string): string | undefined {
    return this.idByEmail.get(email.toLowerCase());
  }

  /** The employee an actor email belongs to, or null (rules 1 and 2 above). */
  employeeIdOf(email: string | null): string | null {
    if (email === null) return null;
    const exact = this.idByEmail.get(email);
    if (exact !== undefined) return exact;
    const at = email.lastIndexOf('@');
    if (at <= 0 || !this.isCompanyDomain(email.slice(at + 1))) return null;
    const alias = this.emailByLocalPart.get(email.slice(0, at));
    return alias ? (this.idByEmail.get(alias) ?? null) : null;
  }

  /** The email of a non-email source account, or null (rule 3 above). */
  readonly accountToEmail = (account: string): string | null => {
    const value = account.trim().toLowerCase();
    const slash = value.lastIndexOf('\\');
    if (slash >= 0) {
      const domain = this.domainByShortName.get(value.slice(0, slash));
      const user = value.slice(slash + 1);
      return domain && user ? this.byLocalPart(user, domain) : null;
    }
    if (!/^[a-z0-9][a-z0-9._-]*$/.test(value)) return null;
    const direct = this.emailByLocalPart.get(value);
    if (direct) return direct;
    const underscore = value.lastIndexOf('_');
    if (underscore <= 0) return null;
    const domain = this.domainByShortName.get(value.slice(underscore + 1));
    return domain ? this.byLocalPart(value.slice(0, underscore), domain) : null;
  };

  private byLocalPart(local: string, domain: string): string {
    return this.emailByLocalPart.get(local) ?? `${local}@${domain}`;
  }

  private isCompanyDomain(domain: string): boolean {
    return this.companyDomains.some((d) => domain === d || domain.endsWith(`.${d}`));
  }
}
