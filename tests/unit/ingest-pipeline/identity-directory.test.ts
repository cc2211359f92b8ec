import { describe, expect, it } from 'vitest';

import { IdentityDirectory } from '../../../src/server/ingest/pipeline/identity-directory';

const domains = ['northwind.example', 'northwind.onmicrosoft.com', 'corp.northwind.example'];
const directory = () =>
  new IdentityDirectory(
    [
      { id: 'E1', email: 'JDoe@Northwind.example' },
      { id: 'E2', email: 'asmith@northwind.example' },
    ],
    domains,
  );

describe('joining identities across sources by email', () => {
  it('finds an employee by email, case-insensitively', () => {
    expect(directory().employeeIdOf('jdoe@northwind.example')).toBe('E1');
    expect(directory().employeeIdOf('nobody@northwind.example')).toBeNull();
    expect(directory().employeeIdOf(null)).toBeNull();
  });

  it('joins an address on another company domain (an AD UPN) by its local part', () => {
    expect(directory().employeeIdOf('jdoe@corp.northwind.example')).toBe('E1');
    expect(directory().employeeIdOf('jdoe@gmail.com')).toBeNull();
  });

  it('maps DOMAIN\\user to the employee with that local part when DOMAIN is the company’s', () => {
    expect(directory().accountToEmail('NORTHWIND\\jdoe')).toBe('jdoe@northwind.example');
    expect(directory().accountToEmail('northwind\\ASmith')).toBe('asmith@northwind.example');
  });

  it('builds the address of someone HR has not delivered yet, so the event joins later', () => {
    expect(directory().accountToEmail('NORTHWIND\\newhire')).toBe('newhire@northwind.example');
  });

  it('never maps service and local accounts or SIDs to a person', () => {
    expect(directory().accountToEmail('NT AUTHORITY\\SYSTEM')).toBeNull();
    expect(directory().accountToEmail('WORKSTATION-7\\admin')).toBeNull();
    expect(directory().accountToEmail('S-1-5-21-1004336348-1177238915-682003330-512')).toBeNull();
  });

  it('maps GitHub logins: a known local part, or an Enterprise Managed User login', () => {
    expect(directory().accountToEmail('jdoe')).toBe('jdoe@northwind.example');
    expect(directory().accountToEmail('asmith_northwind')).toBe('asmith@northwind.example');
    expect(directory().accountToEmail('octocat')).toBeNull();
    expect(directory().accountToEmail('octocat_other')).toBeNull();
  });

  it('does not guess when two employees share a local part on different company domains', () => {
    const d = directory();
    d.add('E3', 'jdoe@northwind.onmicrosoft.com');
    expect(d.employeeIdOf('jdoe@corp.northwind.example')).toBeNull();
    expect(d.employeeIdOf('jdoe@northwind.example')).toBe('E1');
    expect(d.accountToEmail('jdoe')).toBeNull();
  });

  it('learns employees from HR records of the same batch', () => {
    const d = directory();
    d.add('E9', 'Late.Comer@northwind.example');
    expect(d.employeeIdOf('late.comer@northwind.example')).toBe('E9');
    expect(d.ownerOf('LATE.COMER@northwind.example')).toBe('E9');
  });
});
