/** An employee as identity mapping knows them: id, main email, and the other names HR lists. */
export interface DirectoryEmployee {
  id: string;
  email: string;
  /** Other emails and account names (Windows `CORP\jdoe`, GitHub and Slack logins). */
  aliases?: readonly string[] | null;
}

/**
 * What the deployment says about its directory besides the employees, as plain data (it
 * crosses to a parse worker): NetBIOS domain names and who owns which device.
 */
export interface IdentityMapping {
  /** Windows domain names (CORP, EMEA) and the company domain their accounts belong to. */
  netbiosDomains?: ReadonlyArray<{ name: string; domain: string }>;
  /** A device's owner, from the latest device inventory observation of each device name. */
  deviceOwners?: ReadonlyArray<{ device: string; employeeId: string }>;
}

/** Who an event says did it, as identity mapping reads it. */
export interface EventActor {
  actorEmail?: string | null;
  actorId?: string | null;
  device?: { name?: string | null } | null;
}

/** Built-in Windows accounts that are never a person, whatever the machine. */
const SERVICE_ACCOUNT =
  /^(system|local service|network service|localsystem|anonymous logon|defaultaccount|wdagutilityaccount|(dwm|umfd)-\d+)$/;

/** The short name of a host (`ws-0142` for WS-0142.corp.northwind.example), lower-cased. */
export function hostName(device: string): string {
  return device.trim().toLowerCase().split('.')[0]!;
}

/**
 * True for an account that belongs to no person: machine accounts (`WS-0142$`) and Windows'
 * built-in service accounts (SYSTEM, LOCAL SERVICE, DWM-1...), with or without their domain.
 */
export function isServiceAccount(account: string): boolean {
  const value = account.trim().toLowerCase();
  if (value.endsWith('$')) return true;
  const slash = value.lastIndexOf('\\');
  const domain = slash >= 0 ? value.slice(0, slash) : '';
  const user = slash >= 0 ? value.slice(slash + 1) : value;
  return domain === 'nt authority' || domain === 'nt service' || SERVICE_ACCOUNT.test(user);
}

/**
 * How Vigil joins identities across sources. The join key is the email address:
 *
 * 1. An actor email that an employee has (case-insensitively), as main email or as an alias
 *    from HR, is that employee.
 * 2. An address on a company domain that no employee has joins by its local part when exactly
 *    one employee on a company domain has that local part (`jdoe@corp.northwind.example`, an
 *    Active Directory UPN, is `jdoe@northwind.example`).
 * 3. Accounts that are not emails go through `accountToEmail`:
 *    - an account HR lists as an alias (`CORP\jdoe`, a GitHub or Slack login) is its employee;
 *    - Windows `DOMAIN\user`: DOMAIN is a NetBIOS name from the configuration (CORP →
 *      northwind.example), or else the first label of a company domain, upper-cased (NORTHWIND
 *      for northwind.example); `user` is then the local part: CORP\jdoe is jdoe@northwind.example.
 *      Other domains (NT AUTHORITY\SYSTEM, a workstation's local accounts) map to nothing here;
 *    - GitHub logins: a login equal to an employee's local part is that employee; an Enterprise
 *      Managed User login `<local part>_<shortcode>` whose shortcode is the first label of a
 *      company domain (jdoe_northwind) maps the same way.
 *    When no employee has the local part yet, the address is still built on the company domain
 *    it came from, so the event keeps an email that joins once HR delivers the employee.
 * 4. A local account on a device whose owner the device inventory knows (`WS-0142\admin` or
 *    `.\jdoe` on WS-0142, a bare `jdoe` on a device) is the device's owner, unless it is a
 *    built-in service account.
 * SIDs and anything else stay unmapped (the account stays in `actorId`). An unknown employee is
 * not an error: the event is kept with no employee and is resolved again in the background when
 * the directory or the mapping changes (see ../identity/identity-resolution.ts).
 */
export class IdentityDirectory {
  private readonly idByEmail = new Map<string, string>();
  private readonly emailById = new Map<string, string>();
  private readonly idByAccount = new Map<string, string>();
  private readonly emailByLocalPart = new Map<string, string | null>();
  private readonly companyDomains: readonly string[];
  /** NetBIOS names and first labels of company domains (corp, northwind) → their domain. */
  private readonly domainByShortName = new Map<string, string>();
  private readonly ownerByHost = new Map<string, string>();

  constructor(
    employees: Iterable<DirectoryEmployee>,
    companyDomains: readonly string[],
    mapping: IdentityMapping = {},
  ) {
    this.companyDomains = companyDomains.map((d) => d.toLowerCase());
    for (const { name, domain } of mapping.netbiosDomains ?? []) {
      this.domainByShortName.set(name.toLowerCase(), domain.toLowerCase());
    }
    for (const domain of this.companyDomains) {
      const short = domain.split('.')[0]!;
      if (!this.domainByShortName.has(short)) this.domainByShortName.set(short, domain);
    }
    for (const employee of employees) this.add(employee.id, employee.email, employee.aliases);
    for (const { device, employeeId } of mapping.deviceOwners ?? []) {
      this.addDeviceOwner(device, employeeId);
    }
  }

  /** Learns an employee (from the directory or an HR record of the batch). */
  add(id: string, email: string, aliases?: readonly string[] | null): void {
    const address = email.toLowerCase();
    this.idByEmail.set(address, id);
    this.emailById.set(id, address);
    for (const alias of aliases ?? []) {
      const name = alias.trim().toLowerCase();
      if (name.includes('@')) this.idByEmail.set(name, id);
      else if (name.length > 0) this.idByAccount.set(name, id);
    }
    const at = address.lastIndexOf('@');
    if (at <= 0 || !this.isCompanyDomain(address.slice(at + 1))) return;
    const local = address.slice(0, at);
    const known = this.emailByLocalPart.get(local);
    // Two employees sharing a local part on different company domains: no guessing.
    this.emailByLocalPart.set(local, known === undefined || known === address ? address : null);
  }

  /** Learns who owns a device (a device inventory observation of this batch or the store). */
  addDeviceOwner(device: string, employeeId: string): void {
    this.ownerByHost.set(hostName(device), employeeId);
  }

  /** The id of the employee who has this email, if any. */
  ownerOf(email: string): string | undefined {
    return this.idByEmail.get(email.toLowerCase());
  }

  /** The employee an actor email belongs to, or null (rules 1 and 2 above). */
  employeeIdOf(email: string | null): string | null {
    if (email === null) return null;
    const address = email.toLowerCase();
    const exact = this.idByEmail.get(address);
    if (exact !== undefined) return exact;
    const at = address.lastIndexOf('@');
    if (at <= 0 || !this.isCompanyDomain(address.slice(at + 1))) return null;
    const alias = this.emailByLocalPart.get(address.slice(0, at));
    return alias ? (this.idByEmail.get(alias) ?? null) : null;
  }

  /**
   * The employee behind an event, or null: its email (rules 1 and 2), else its source account
   * (rule 3), else the owner of the device a local account acted on (rule 4). The same answer
   * at ingest and when unmapped events are resolved again.
   */
  employeeIdFor(actor: EventActor): string | null {
    const byEmail = this.employeeIdOf(actor.actorEmail ?? null);
    if (byEmail !== null) return byEmail;
    const account = actor.actorId?.trim();
    if (!account) return null;
    const mapped = this.accountToEmail(account);
    const byAccount = mapped === null ? null : this.employeeIdOf(mapped);
    if (byAccount !== null) return byAccount;
    const device = actor.device?.name;
    return device ? this.deviceOwnerFor(account, device) : null;
  }

  /** The email of a non-email source account, or null (rule 3 above). */
  readonly accountToEmail = (account: string): string | null => {
    const value = account.trim().toLowerCase();
    const aliased = this.idByAccount.get(value);
    if (aliased !== undefined) return this.emailById.get(aliased) ?? null;
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

  /**
   * The account names rule 3 maps to each employee, by employee id: their HR aliases that are
   * not addresses, and for an address on a company domain its local part and the GitHub
   * Enterprise Managed User logins `<local part>_<shortcode>` of each short name of that domain
   * (`CORP\\jdoe` reads as `jdoe`). What the redactor hides beside names and addresses; a
   * device's local accounts (rule 4: `admin` on the owner's laptop) are left out: they name
   * nobody anywhere else.
   */
  accountsByEmployee(): Map<string, string[]> {
    const accounts = new Map<string, string[]>();
    const add = (id: string, account: string) => {
      const list = accounts.get(id);
      if (list) list.push(account);
      else accounts.set(id, [account]);
    };
    for (const [account, id] of this.idByAccount) add(id, account);
    for (const [local, address] of this.emailByLocalPart) {
      const id = address === null ? undefined : this.idByEmail.get(address);
      if (id === undefined || address === null) continue;
      add(id, local);
      const domain = address.slice(address.lastIndexOf('@') + 1);
      for (const [short, of] of this.domainByShortName)
        if (domain === of || domain.endsWith(`.${of}`)) add(id, `${local}_${short}`);
    }
    return accounts;
  }

  /** Rule 4: a local account on an owned device is the owner. */
  private deviceOwnerFor(account: string, device: string): string | null {
    const host = hostName(device);
    const owner = this.ownerByHost.get(host);
    if (owner === undefined || isServiceAccount(account)) return null;
    const value = account.toLowerCase();
    const slash = value.lastIndexOf('\\');
    if (slash < 0) return /^[a-z0-9][a-z0-9._ -]*$/.test(value) ? owner : null;
    const domain = value.slice(0, slash);
    return domain === '.' || domain === host || hostName(domain) === host ? owner : null;
  }

  private byLocalPart(local: string, domain: string): string {
    return this.emailByLocalPart.get(local) ?? `${local}@${domain}`;
  }

  private isCompanyDomain(domain: string): boolean {
    return this.companyDomains.some((d) => domain === d || domain.endsWith(`.${d}`));
  }
}
