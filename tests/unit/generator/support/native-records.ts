import type {
  GeneratedDataset,
  NativeRecord,
  SourceId,
} from '../../../../src/server/demo/generator/index';

/** Who did it and when, read back from a native record the way a parser would. */
export interface NativeFacts {
  readonly email: string | null;
  readonly time: number;
}

function at(record: unknown, ...path: string[]): unknown {
  let value = record;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** `NORTHWIND\jdoe` to `jdoe@northwind.example`, the convention the manifest documents. */
function windowsEmail(record: NativeRecord, domain: string): string | null {
  const account =
    str(record.User) ||
    (record.AccountName ? `${str(record.Domain)}\\${str(record.AccountName)}` : '') ||
    (record.SubjectUserName
      ? `${str(record.SubjectDomainName)}\\${str(record.SubjectUserName)}`
      : '');
  const local = account.split('\\')[1];
  return local ? `${local}@${domain}` : null;
}

/** Reads actor email and time from a record of any source. */
export function nativeFacts(source: SourceId, record: NativeRecord, domain: string): NativeFacts {
  switch (source) {
    case 'okta':
      return {
        email: str(at(record, 'actor', 'alternateId')),
        time: Date.parse(str(record.published)),
      };
    case 'google-workspace':
      return {
        email: str(at(record, 'actor', 'email')),
        time: Date.parse(str(at(record, 'id', 'time'))),
      };
    case 'm365':
      return { email: str(record.UserId), time: Date.parse(`${str(record.CreationTime)}Z`) };
    case 'github':
      return { email: str(record.actor_email), time: Number(record['@timestamp']) };
    case 'slack':
      return {
        email: str(at(record, 'actor', 'user', 'email')),
        time: Number(record.date_create) * 1000,
      };
    case 'windows': {
      const utc = str(record.UtcTime);
      const time = utc
        ? Date.parse(`${utc.replace(' ', 'T')}Z`)
        : Date.parse(str(record.TimeCreated));
      return { email: windowsEmail(record, domain), time };
    }
    case 'device-inventory':
      return {
        email: str(record.userPrincipalName),
        time: Date.parse(str(record.lastSyncDateTime)),
      };
    case 'access-requests':
      return {
        email: str(record.requested_for),
        time: Date.parse(`${str(record.opened_at).replace(' ', 'T')}Z`),
      };
    case 'hr':
      return {
        email: str(record.email),
        time: Date.parse(`${str(record.effective_date)}T00:00:00Z`),
      };
  }
}

/** Every record of a dataset with its source, actor and time (small datasets only). */
export function collect(
  dataset: GeneratedDataset,
): { source: SourceId; record: NativeRecord; facts: NativeFacts; scenario?: number }[] {
  const out: { source: SourceId; record: NativeRecord; facts: NativeFacts; scenario?: number }[] =
    [];
  const domain = dataset.org.company.domain;
  for (const stream of dataset.sources) {
    for (const entry of stream.entries()) {
      out.push({
        source: stream.id,
        record: entry.record,
        facts: nativeFacts(stream.id, entry.record, domain),
        scenario: entry.scenario,
      });
    }
  }
  return out;
}
