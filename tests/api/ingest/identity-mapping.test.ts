import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identityResolutionSettled } from '../../../src/server/ingest/identity/identity-resolution';
import { ingest } from '../../../src/server/ingest/pipeline/ingest';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  await ingest(t.database, {
    source: 'hr',
    input: {
      records: [
        { employee_id: 'E2001', full_name: 'Maya Okafor', email: 'm.okafor@northwind.example' },
        { employee_id: 'E2002', full_name: 'Jon Park', email: 'jon.park@northwind.example' },
      ],
    },
    via: 'cli',
  });
});
afterAll(async () => {
  await t?.close();
});

/** A normalized event done under a Windows account, with no email. */
const byAccount = (n: number, actorId: string) => ({
  activity: 'file_download',
  action: 'FileDownloaded',
  time: Date.now() - 3_600_000 + n,
  actorId,
  sourceEventId: `account-${actorId}-${n}`,
});

async function ownersOf(actorId: string): Promise<Array<string | null>> {
  const rows = await t.db
    .selectFrom('events')
    .select('employee_id')
    .where('actor_id', '=', actorId)
    .execute();
  return rows.map((row) => row.employee_id);
}

async function listed(): Promise<Array<{ account: string; events: number }>> {
  const reply = await admin.get<any>('/integrations/unmapped-accounts');
  expect(reply.status).toBe(200);
  return reply.body.accounts.map((a: any) => ({ account: a.account, events: a.events }));
}

describe('accounts that map to nobody, and mapping them later', () => {
  it('lists unmapped accounts with their event counts, never machine or service accounts', async () => {
    const records = [
      ...[0, 1, 2].map((n) => byAccount(n, 'EMEA\\m.okafor')),
      ...[0, 1].map((n) => byAccount(n, 'CORP\\jpark7')),
      byAccount(0, 'NT AUTHORITY\\SYSTEM'),
      byAccount(0, 'WS-0142$'),
    ];
    const batch = await ingest(t.database, {
      source: 'normalized',
      input: { records },
      via: 'cli',
    });
    expect(batch).toMatchObject({ status: 'succeeded', accepted: 7 });
    expect(await ownersOf('EMEA\\m.okafor')).toEqual([null, null, null]);
    const accounts = await listed();
    expect(accounts).toEqual([
      { account: 'EMEA\\m.okafor', events: 3 },
      { account: 'CORP\\jpark7', events: 2 },
    ]);
    const reply = await admin.get<any>('/integrations/unmapped-accounts');
    expect(reply.body).toMatchObject({ totalAccounts: 2, totalEvents: 5, resolving: false });
  });

  it('a NetBIOS name saved in the configuration maps its accounts, in the background', async () => {
    const configuration = (await admin.get<any>('/configuration')).body;
    const saved = await admin.put('/configuration', {
      ...configuration,
      netbiosDomains: [{ name: 'emea', domain: 'northwind.example' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.netbiosDomains).toEqual([{ name: 'EMEA', domain: 'northwind.example' }]);
    await identityResolutionSettled(t.database);
    expect(await ownersOf('EMEA\\m.okafor')).toEqual(['E2001', 'E2001', 'E2001']);
    expect(await listed()).toEqual([{ account: 'CORP\\jpark7', events: 2 }]);
  });

  it('an alias HR gives later maps the account it names', async () => {
    const hr = await ingest(t.database, {
      source: 'hr',
      input: {
        records: [
          {
            employee_id: 'E2002',
            full_name: 'Jon Park',
            email: 'jon.park@northwind.example',
            windows_account: 'CORP\\jpark7',
          },
        ],
      },
      via: 'cli',
    });
    expect(hr).toMatchObject({ status: 'succeeded', employees: 1 });
    const { resolveUnmappedEvents } =
      await import('../../../src/server/ingest/identity/resolve-unmapped');
    expect(await resolveUnmappedEvents(t.database)).toEqual({ events: 2, employees: 1 });
    expect(await ownersOf('CORP\\jpark7')).toEqual(['E2002', 'E2002']);
    expect(await listed()).toEqual([]);
  });

  it('a NetBIOS name that is not one is refused beside its field', async () => {
    const configuration = (await admin.get<any>('/configuration')).body;
    const reply = await admin.put<any>('/configuration', {
      ...configuration,
      netbiosDomains: [{ name: 'not a name!', domain: 'northwind.example' }],
    });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toMatch(/NetBIOS domain name like CORP/);
  });
});

describe('one account, one row', () => {
  it('an address seen with two account ids, or an id in two cases, is listed once with all its events', async () => {
    const mail = (n: number, actorId: string) => ({
      activity: 'file_download',
      action: 'FileDownloaded',
      time: Date.now() - 3_600_000 + n,
      actorEmail: 'contractor@partner.example',
      actorId,
      sourceEventId: `twice-${actorId}-${n}`,
    });
    const batch = await ingest(t.database, {
      source: 'normalized',
      input: {
        records: [
          ...Array.from({ length: 16 }, (_, n) => mail(n, '00u1okta')),
          mail(99, '00u2okta'),
          byAccount(100, 'CORP\\Temp7'),
          byAccount(101, 'corp\\temp7'),
        ],
      },
      via: 'cli',
    });
    expect(batch).toMatchObject({ status: 'succeeded' });
    const accounts = await listed();
    expect(accounts.filter((a) => a.account === 'contractor@partner.example')).toEqual([
      { account: 'contractor@partner.example', events: 17 },
    ]);
    expect(accounts.filter((a) => a.account.toLowerCase() === 'corp\\temp7')).toHaveLength(1);
    expect(accounts.find((a) => a.account.toLowerCase() === 'corp\\temp7')?.events).toBe(2);
  });
});
