import { beforeAll, describe, expect, it } from 'vitest';
import type { NativeRecord, SourceId } from '../../../src/server/demo/generator/index';
import { smallDataset } from './support/datasets';

const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const M365_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const SYSMON_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;
const SERVICENOW_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const EMAIL = /^[a-z0-9.]+@[a-z0-9.-]+\.[a-z]+$/;

function records(id: SourceId): NativeRecord[] {
  return [...smallDataset().dataset.source(id).records()];
}

function obj(value: unknown): Record<string, unknown> {
  return (value !== null && typeof value === 'object' ? value : {}) as Record<string, unknown>;
}

/**
 * Collects what is wrong with many records and reports it once: a failing record is named, and
 * a hundred thousand passing checks do not cost a hundred thousand expect() calls.
 */
class Problems {
  readonly found: string[] = [];
  /** Notes a failed check (keeps the first 20). */
  check(ok: boolean, what: string, record: NativeRecord): void {
    if (!ok && this.found.length < 20)
      this.found.push(`${what}: ${JSON.stringify(record).slice(0, 300)}`);
  }
  /** A value matching a pattern. */
  match(value: unknown, re: RegExp, what: string, record: NativeRecord): void {
    this.check(
      typeof value === 'string' && re.test(value),
      `${what} ${String(value)} !~ ${re}`,
      record,
    );
  }
}

// Building the shared dataset takes seconds on a busy machine; do it before the timed tests.
beforeAll(() => {
  smallDataset();
}, 120_000);

describe('every source streams in time order', { timeout: 30_000 }, () => {
  it.each([
    'okta',
    'google-workspace',
    'm365',
    'github',
    'slack',
    'windows',
    'device-inventory',
    'access-requests',
    'hr',
  ] as const)('%s', (id) => {
    let last = -Infinity;
    for (const entry of smallDataset().dataset.source(id).entries()) {
      expect(entry.time).toBeGreaterThanOrEqual(last);
      last = entry.time;
    }
  });
});

describe('records have the vendor’s native shape', { timeout: 30_000 }, () => {
  it('Okta: System Log LogEvents with ISO times ending in Z', () => {
    const all = records('okta');
    const p = new Problems();
    for (const r of all) {
      p.match(r.published, ISO_Z, 'published', r);
      p.match(r.uuid, UUID, 'uuid', r);
      p.check(r.version === '0', 'version', r);
      p.match(r.eventType, /^[a-z_]+(\.[a-z_]+)+$/, 'eventType', r);
      p.check(obj(r.actor).type === 'User', 'actor.type', r);
      p.match(obj(r.actor).alternateId, EMAIL, 'actor.alternateId', r);
      p.check(['SUCCESS', 'FAILURE'].includes(String(obj(r.outcome).result)), 'outcome.result', r);
      p.match(obj(r.client).ipAddress, /^\d+\.\d+\.\d+\.\d+$/, 'client.ipAddress', r);
      if (r.eventType === 'user.authentication.sso') {
        p.check((r.target as { type: string }[])[0]?.type === 'AppInstance', 'sso target', r);
      }
    }
    expect(p.found).toEqual([]);
    expect(all.filter((r) => r.eventType === 'user.authentication.sso').length).toBeGreaterThan(
      100,
    );
    const failed = all.filter(
      (r) => r.eventType === 'user.session.start' && obj(r.outcome).result === 'FAILURE',
    );
    expect(failed.length).toBeGreaterThan(0);
  });

  it('Google Workspace: activities with events[] of typed parameters', () => {
    const p = new Problems();
    for (const r of records('google-workspace')) {
      const id = obj(r.id);
      p.check(r.kind === 'admin#reports#activity', 'kind', r);
      p.match(id.time, ISO_Z, 'id.time', r);
      p.match(id.uniqueQualifier, /^-?\d{19}$/, 'id.uniqueQualifier', r);
      p.check(['drive', 'login'].includes(String(id.applicationName)), 'applicationName', r);
      p.match(obj(r.actor).email, EMAIL, 'actor.email', r);
      const events = r.events as { name: string; parameters: Record<string, unknown>[] }[];
      p.check(Array.isArray(events) && events.length > 0, 'events[]', r);
      for (const event of events) {
        p.match(event.name, /^[a-z_]+$/, 'event name', r);
        for (const param of event.parameters) {
          const keys = Object.keys(param).filter((k) => k !== 'name');
          const typed =
            keys.length === 1 &&
            ['value', 'boolValue', 'intValue', 'multiValue'].includes(keys[0] ?? '');
          p.check(typed, `parameter ${String(param.name)}`, r);
        }
      }
    }
    expect(p.found).toEqual([]);
  });

  it('Microsoft 365: UAL records with CreationTime without a zone', () => {
    const all = records('m365');
    const p = new Problems();
    for (const r of all) {
      p.match(r.CreationTime, M365_TIME, 'CreationTime', r);
      p.match(r.Id, UUID, 'Id', r);
      p.check(typeof r.RecordType === 'number', 'RecordType', r);
      p.match(r.UserId, EMAIL, 'UserId', r);
      p.check(['SharePoint', 'OneDrive', 'Exchange'].includes(String(r.Workload)), 'Workload', r);
      if (r.Workload !== 'Exchange') {
        p.match(r.SiteUrl, /^https:\/\/[a-z-]+\.sharepoint\.com\//, 'SiteUrl', r);
        p.check(
          typeof r.SourceFileName === 'string' && typeof r.SourceRelativeUrl === 'string',
          'source file',
          r,
        );
      }
      if (r.Operation === 'Send') {
        const item = obj(r.Item);
        p.check(
          typeof item.Subject === 'string' && typeof item.SizeInBytes === 'number',
          'Item',
          r,
        );
        p.check(JSON.stringify(r.Recipients) === JSON.stringify(item.Recipients), 'Recipients', r);
        if (item.Attachments !== undefined)
          p.match(item.Attachments, /^.+ \(\d+b\)(; .+ \(\d+b\))*$/, 'Attachments', r);
      }
    }
    expect(p.found).toEqual([]);
    const labels = new Set(
      all.filter((r) => r.Workload !== 'Exchange').map((r) => r.SensitivityLabelName),
    );
    expect(labels).toEqual(
      new Set([undefined, 'Public', 'Internal', 'Confidential', 'Highly Confidential']),
    );
    const operations = new Set(all.map((r) => r.Operation));
    for (const op of [
      'Send',
      'MoveToDeletedItems',
      'SoftDelete',
      'HardDelete',
      'FileDownloaded',
      'FileDeleted',
    ]) {
      expect(operations.has(op), op).toBe(true);
    }
  });

  it('GitHub: audit events with epoch-millisecond times and the SSO email', () => {
    const p = new Problems();
    for (const r of records('github')) {
      p.check(
        Number.isInteger(r['@timestamp']) && (r['@timestamp'] as number) > 1e12,
        '@timestamp in ms',
        r,
      );
      p.check(r.created_at === r['@timestamp'], 'created_at', r);
      p.match(r._document_id, /^[A-Za-z0-9]{22}$/, '_document_id', r);
      p.check(
        ['git.clone', 'git.fetch', 'git.push', 'repo.download_zip', 'repo.access'].includes(
          String(r.action),
        ),
        'action',
        r,
      );
      p.match(r.repo, /^northwind\/[a-z0-9-]+$/, 'repo', r);
      p.check(r.actor_email === r.external_identity_nameid, 'actor_email', r);
      if (String(r.action).startsWith('git.'))
        p.check(['http', 'ssh'].includes(String(r.transport_protocol_name)), 'transport', r);
    }
    expect(p.found).toEqual([]);
  });

  it('Slack: audit entries with epoch-second times; chat text only in message_posted', () => {
    const all = records('slack');
    const p = new Problems();
    for (const r of all) {
      p.check(
        Number.isInteger(r.date_create) && (r.date_create as number) < 1e11,
        'date_create in s',
        r,
      );
      const user = obj(obj(r.actor).user);
      p.match(user.email, EMAIL, 'actor.user.email', r);
      p.match(user.id, /^W0[A-Z0-9]{8}$/, 'actor.user.id', r);
      const location = obj(obj(r.context).location);
      p.check(Object.keys(location).sort().join() === 'domain,id,name,type', 'context.location', r);
      p.check(typeof obj(r.entity).type === 'string', 'entity.type', r);
      if (r.action === 'message_posted')
        p.check(typeof obj(r.details).text === 'string', 'details.text', r);
    }
    expect(p.found).toEqual([]);
    const actions = new Set(all.map((r) => r.action));
    for (const action of ['user_login', 'message_posted', 'file_shared', 'file_downloaded'])
      expect(actions.has(action), action).toBe(true);
  });

  it('Windows: flattened EventData; Sysmon UtcTime and DOMAIN\\user; long script blocks in parts', () => {
    const all = records('windows');
    const p = new Problems();
    const seen = new Map<string, number>();
    const blocks = new Map<string, NativeRecord[]>();
    for (const r of all) {
      p.match(r.TimeCreated, ISO_Z, 'TimeCreated', r);
      p.match(r.Computer, /^NW-LT-\d+\.corp\.northwind\.example$/, 'Computer', r);
      p.check(r.Hostname === r.Computer, 'Hostname', r);
      const key = `${String(r.Computer)}|${String(r.Channel)}`;
      p.check((r.EventRecordID as number) > (seen.get(key) ?? 0), 'EventRecordID increases', r);
      seen.set(key, r.EventRecordID as number);
      if (r.Channel === 'Microsoft-Windows-Sysmon/Operational') {
        p.match(r.UtcTime, SYSMON_TIME, 'UtcTime', r);
        p.match(r.User, /^NORTHWIND\\[a-z0-9]+$/, 'User', r);
        if (r.EventID === 1)
          p.check(
            ['Image', 'CommandLine', 'ParentImage', 'ProcessGuid'].every(
              (f) => typeof r[f] === 'string',
            ),
            'Sysmon 1 fields',
            r,
          );
        else p.match(r.TargetFilename, /^[A-Z]:\\/, 'TargetFilename', r);
      }
      if (r.EventID === 4104) {
        p.check(r.Channel === 'Microsoft-Windows-PowerShell/Operational', '4104 channel', r);
        p.match(r.ScriptBlockId, UUID, 'ScriptBlockId', r);
        p.check(r.Domain === 'NORTHWIND' && typeof r.AccountName === 'string', '4104 account', r);
        const id = String(r.ScriptBlockId);
        blocks.set(id, [...(blocks.get(id) ?? []), r]);
      }
    }
    expect(p.found).toEqual([]);
    expect([...blocks.values()].filter((parts) => parts.length > 1).length).toBeGreaterThan(0);
    for (const parts of blocks.values()) {
      expect(parts.map((x) => x.MessageNumber)).toEqual(parts.map((_, i) => String(i + 1)));
      expect(new Set(parts.map((x) => x.MessageTotal))).toEqual(new Set([String(parts.length)]));
    }
    const encoded = all.find((r) => /-EncodedCommand [A-Za-z0-9+/=]+/.test(String(r.CommandLine)));
    const b64 = /-EncodedCommand ([A-Za-z0-9+/=]+)/.exec(String(encoded?.CommandLine))?.[1] ?? '';
    expect(Buffer.from(b64, 'base64').toString('utf16le')).toContain('Set-MpPreference');
    expect(
      all.some(
        (r) =>
          r.Channel === 'Security' && r.EventID === 1102 && r.SubjectDomainName === 'NORTHWIND',
      ),
    ).toBe(true);
  });

  it('Intune: managedDevice snapshots', () => {
    const p = new Problems();
    const fields = [
      'id',
      'deviceName',
      'userPrincipalName',
      'operatingSystem',
      'osVersion',
      'complianceState',
      'managementAgent',
      'serialNumber',
    ];
    for (const r of records('device-inventory')) {
      p.check(
        fields.every((f) => typeof r[f] === 'string'),
        'required fields',
        r,
      );
      p.match(r.lastSyncDateTime, ISO_Z, 'lastSyncDateTime', r);
      p.match(r.enrolledDateTime, ISO_Z, 'enrolledDateTime', r);
      p.match(r.id, UUID, 'id', r);
    }
    expect(p.found).toEqual([]);
  });

  it('access requests: ServiceNow requested items with UTC table-API times', () => {
    const all = records('access-requests');
    expect(all.length).toBeGreaterThan(0);
    const p = new Problems();
    for (const r of all) {
      p.match(r.number, /^RITM\d{10}$/, 'number', r);
      p.match(r.opened_at, SERVICENOW_TIME, 'opened_at', r);
      p.match(r.requested_for, EMAIL, 'requested_for', r);
      if (r.approval === 'approved') p.match(r.approved_at, SERVICENOW_TIME, 'approved_at', r);
      else p.check(r.approved_at === '', 'approved_at empty', r);
    }
    expect(p.found).toEqual([]);
  });

  it('HR: a CSV with the documented header and one lifecycle row per line', () => {
    const lines = [...smallDataset().dataset.source('hr').lines()];
    expect(lines[0]).toBe(
      'employee_id,full_name,email,department,title,manager_id,location,timezone,work_start_hour,work_end_hour,start_date,resignation_date,departure_date,event_type,effective_date,record_id',
    );
    const rows = records('hr');
    expect(rows.filter((r) => r.event_type === 'hire')).toHaveLength(
      smallDataset().dataset.org.employees.length,
    );
    const p = new Problems();
    for (const r of rows) {
      p.check(
        ['hire', 'resignation', 'departure', 'change'].includes(String(r.event_type)),
        'event_type',
        r,
      );
      p.match(r.effective_date, /^\d{4}-\d{2}-\d{2}$/, 'effective_date', r);
      p.match(r.employee_id, /^E1\d{4}$/, 'employee_id', r);
      if (r.event_type === 'resignation')
        p.check(r.resignation_date === r.effective_date, 'resignation_date', r);
    }
    expect(p.found).toEqual([]);
  });
});
