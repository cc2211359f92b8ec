import { describe, expect, it } from 'vitest';

import { IdentityDirectory } from '../../../src/server/ingest/pipeline/identity-directory';

const employees = [
  {
    id: 'E1',
    email: 'jane.doe@northwind.example',
    aliases: ['jdoe@old-acquisition.example', 'NWIND\\jane.d', 'janedoe-gh', 'U02JANE'],
  },
  { id: 'E2', email: 'sam.lee@northwind.example' },
];

function directory(mapping: ConstructorParameters<typeof IdentityDirectory>[2] = {}) {
  return new IdentityDirectory(employees, ['northwind.example'], mapping);
}

describe('identity directory', () => {
  it('maps configured NetBIOS names to their company domain, besides the first label', () => {
    const withNames = directory({
      netbiosDomains: [
        { name: 'CORP', domain: 'northwind.example' },
        { name: 'EMEA', domain: 'northwind.example' },
      ],
    });
    expect(withNames.employeeIdFor({ actorId: 'CORP\\jane.doe' })).toBe('E1');
    expect(withNames.employeeIdFor({ actorId: 'emea\\SAM.LEE' })).toBe('E2');
    expect(withNames.employeeIdFor({ actorId: 'NORTHWIND\\sam.lee' })).toBe('E2');
    expect(directory().employeeIdFor({ actorId: 'CORP\\jane.doe' })).toBeNull();
    // An unknown person on a mapped domain still gets an address, to join when HR names them.
    expect(withNames.accountToEmail('CORP\\new.hire')).toBe('new.hire@northwind.example');
  });

  it('knows an employee by any alias HR lists: other emails, Windows, GitHub and Slack names', () => {
    const d = directory();
    expect(d.employeeIdFor({ actorEmail: 'JDOE@old-acquisition.example' })).toBe('E1');
    expect(d.employeeIdFor({ actorId: 'nwind\\Jane.D' })).toBe('E1');
    expect(d.employeeIdFor({ actorId: 'janedoe-gh' })).toBe('E1');
    expect(d.employeeIdFor({ actorId: 'u02jane' })).toBe('E1');
    expect(d.accountToEmail('janedoe-gh')).toBe('jane.doe@northwind.example');
  });

  it('gives a local account on an owned device to its owner, but never a service account', () => {
    const d = directory({ deviceOwners: [{ device: 'WS-0142', employeeId: 'E2' }] });
    const on = (actorId: string, device = 'ws-0142.corp.northwind.example') =>
      d.employeeIdFor({ actorId, device: { name: device } });
    expect(on('WS-0142\\Administrator')).toBe('E2');
    expect(on('.\\helpdesk')).toBe('E2');
    expect(on('localuser')).toBe('E2');
    expect(on('NT AUTHORITY\\SYSTEM')).toBeNull();
    expect(on('WS-0142\\DWM-1')).toBeNull();
    expect(on('CORP\\WS-0142$')).toBeNull();
    expect(on('OTHER-PC\\admin')).toBeNull();
    expect(on('WS-0999\\admin', 'WS-0999')).toBeNull();
    // A domain account keeps its own employee even on someone else's device.
    expect(on('NORTHWIND\\jane.doe')).toBe('E1');
  });
});
