import type { DatabaseHandle } from '../../src/server/db/database';
import {
  ensureMonthlyPartitions,
  monthKey,
} from '../../src/server/ingest/store/postgres-partitions';

const DAY = 86_400_000;

/** A small deterministic PRNG (mulberry32), so every run benches the same events. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const COLUMNS = [
  'source',
  'source_event_id',
  'time',
  'employee_id',
  'class_uid',
  'activity_id',
  'category',
  'activity',
  'action',
  'outcome',
  'actor_email',
  'app',
  'file_id',
  'file_name',
  'file_label',
  'file_size',
  'file_destination',
  'email_recipients',
  'email_external',
  'email_domains',
  'email_subject',
  'email_attachments',
  'chat_channel',
  'chat_external',
  'chat_direct',
  'chat_text',
  'repository',
  'device_name',
  'device_managed',
  'process_name',
  'command_line',
  'target',
  'attributes',
  'raw',
  'ingested_at',
] as const;

type Row = Array<string | number | null>;

const APPS = [
  'Slack',
  'Zoom',
  'Workday',
  'Jira',
  'Confluence',
  'Salesforce',
  'GitHub',
  'Datadog',
  'ServiceNow',
  'Google Workspace',
  'Microsoft Office 365',
  'Figma',
  'DocuSign',
  'PagerDuty',
  'Tableau',
];
const LABELS = [
  null,
  null,
  'Public',
  'Internal',
  'Internal',
  'Confidential',
  'Highly Confidential',
];
const FILE_ACTIONS = [
  'file_view',
  'file_view',
  'file_view',
  'file_modify',
  'file_download',
  'file_upload',
  'file_share',
  'file_create',
  'file_delete',
  'file_copy',
];
const PROCESSES = [
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  'C:\\Program Files\\Microsoft Office\\root\\Office16\\EXCEL.EXE',
  'C:\\Program Files\\Microsoft Office\\root\\Office16\\OUTLOOK.EXE',
  'C:\\Program Files\\Git\\cmd\\git.exe',
  'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
  'C:\\Program Files\\Microsoft VS Code\\Code.exe',
];
const SCRIPTS = [
  '$PSVersionTable',
  'Get-Process | Sort-Object CPU',
  'Get-ChildItem -Recurse -Filter *.log',
  'Test-NetConnection intranet -Port 443',
  'Get-Service | Where-Object Status -eq Running',
];
const SUSPICIOUS = [
  'Set-MpPreference -DisableRealtimeMonitoring $true',
  'wevtutil cl Security',
  'Compress-Archive -Path C:\\Users\\bench\\Downloads\\* -DestinationPath C:\\Users\\bench\\x.zip',
];

/**
 * One million events for one employee over 90 days, in the proportions the log generator
 * produces (chat and files the most, then mail, SSO, sign-ins, repositories, processes,
 * scripts, devices), mostly in working hours, with a sprinkle of what detectors look for:
 * files leaving by USB and personal mail, competitor mentions, suspicious commands, deletions.
 */
export function* benchEvents(
  employeeId: string,
  email: string,
  end: number,
  count: number,
): Generator<Row> {
  const random = prng(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const start = end - 90 * DAY;
  for (let i = 0; i < count; i++) {
    const day = Math.floor(random() * 90);
    const hour = random() < 0.88 ? 9 + random() * 8 : random() * 24;
    const time = Math.floor(start + day * DAY + hour * 3_600_000);
    const r = random();
    const row: Record<(typeof COLUMNS)[number], string | number | null> = Object.fromEntries(
      COLUMNS.map((c) => [c, null]),
    ) as never;
    Object.assign(row, {
      source: 'normalized',
      source_event_id: `bench-${i}`,
      time,
      employee_id: employeeId,
      class_uid: 0,
      activity_id: 0,
      outcome: 'success',
      actor_email: email,
      attributes: '{}',
      raw: `{"i":${i}}`,
      ingested_at: end,
    });
    if (r < 0.3) {
      const activity = random() < 0.004 ? 'usb_write' : pick(FILE_ACTIONS);
      const leaving =
        activity === 'usb_write'
          ? 'usb'
          : random() < 0.005
            ? pick(['personal_email', 'public_link', 'external_share'])
            : null;
      const file = Math.floor(random() * 5000);
      Object.assign(row, {
        category: 'file',
        activity: leaving && activity !== 'usb_write' ? 'file_share_external' : activity,
        action: activity,
        app: activity === 'usb_write' ? null : pick(['SharePoint', 'OneDrive', 'Google Drive']),
        file_id: `f${file}`,
        file_name: `Document ${file}.docx`,
        file_label: LABELS[file % LABELS.length],
        file_size: 10_000 + file * 37,
        file_destination: leaving,
        device_name: activity === 'usb_write' ? 'NW-LT-1.corp' : null,
      });
    } else if (r < 0.49) {
      const text =
        random() < 0.001
          ? 'Have you talked to Contoso about the offer?'
          : pick(['Thanks!', 'On it', 'Shared the notes in the channel', 'Can we sync at 3?']);
      const dm = random() < 0.35;
      Object.assign(row, {
        category: 'chat',
        activity: random() < 0.05 ? 'chat_file_download' : 'chat_message',
        action: 'message_posted',
        app: 'Slack',
        chat_channel: dm ? `D${i % 40}` : pick(['eng', 'general', 'random', 'incidents']),
        chat_direct: dm ? 1 : 0,
        chat_external: 0,
        chat_text: text,
        file_id: null,
      });
    } else if (r < 0.64) {
      const external = random() < 0.07;
      const personal = external && random() < 0.05;
      const to = personal
        ? 'me@gmail.com'
        : external
          ? `buyer${i % 30}@customer${i % 7}.example`
          : `colleague${i % 60}@northwind.example`;
      const domain = to.split('@')[1];
      const del = random() < 0.2;
      Object.assign(
        row,
        del
          ? {
              category: 'email',
              activity: 'email_delete',
              action: 'HardDelete',
              app: 'Exchange',
              attributes: '{"itemCount":2}',
            }
          : {
              category: 'email',
              activity: 'email_send',
              action: 'Send',
              app: 'Exchange',
              email_recipients: JSON.stringify([to]),
              email_domains: JSON.stringify([domain]),
              email_external: external ? 1 : 0,
              email_subject: pick(['Status update', 'Re: plan', 'Invoice', 'Notes']),
              email_attachments: random() < 0.2 ? 1 : 0,
              file_destination: personal ? 'personal_email' : external ? 'external_email' : null,
            },
      );
    } else if (r < 0.745) {
      Object.assign(row, {
        category: 'app',
        activity: 'app_access',
        action: 'user.authentication.sso',
        app: pick(APPS),
        outcome: random() < 0.01 ? 'failure' : 'success',
      });
    } else if (r < 0.835) {
      const failed = random() < 0.02;
      Object.assign(row, {
        category: 'auth',
        activity: failed ? 'login_failed' : pick(['login', 'mfa_verify', 'logout']),
        action: 'user.session.start',
        app: 'Okta',
        outcome: failed ? 'failure' : 'success',
      });
    } else if (r < 0.915) {
      Object.assign(row, {
        category: 'repo',
        activity: pick(['repo_fetch', 'repo_fetch', 'repo_push', 'repo_clone']),
        action: 'git',
        app: 'GitHub',
        repository: `northwind/repo-${Math.floor(random() * 40)}`,
      });
    } else if (r < 0.975) {
      Object.assign(row, {
        category: 'process',
        activity: 'process_start',
        action: '1 ProcessCreate',
        process_name: pick(PROCESSES),
        command_line: '"app.exe"',
        device_name: 'NW-LT-1.corp',
      });
    } else if (r < 0.995) {
      Object.assign(row, {
        category: 'script',
        activity: 'script_exec',
        action: '4104 ScriptBlock',
        command_line: random() < 0.002 ? pick(SUSPICIOUS) : pick(SCRIPTS),
        device_name: 'NW-LT-1.corp',
      });
    } else {
      Object.assign(row, {
        category: 'device',
        activity: 'device_seen',
        action: 'managedDevice',
        app: 'Microsoft Intune',
        device_name: 'NW-LT-1',
        device_managed: 1,
        attributes: '{"complianceState":"compliant"}',
      });
    }
    yield COLUMNS.map((c) => row[c]);
  }
}

/** Writes the bench events as fast as each engine allows: prepared inserts in one transaction, or unnest batches. */
export async function insertBenchEvents(
  handle: DatabaseHandle,
  rows: Iterable<Row>,
  span: { from: number; to: number },
): Promise<number> {
  let written = 0;
  if (handle.sqlite) {
    const insert = handle.sqlite.prepare(
      `insert into events (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`,
    );
    handle.sqlite.transaction(() => {
      for (const row of rows) {
        insert.run(...row);
        written++;
      }
    })();
    return written;
  }
  const pool = handle.pool!;
  const months: string[] = [];
  for (let t = span.from; t < span.to + 31 * DAY; t += 15 * DAY) months.push(monthKey(t));
  const client = await pool.connect();
  try {
    await ensureMonthlyPartitions(pool, client, handle.schema ?? 'public', months);
  } finally {
    client.release();
  }
  const types = COLUMNS.map((c) =>
    [
      'time',
      'class_uid',
      'activity_id',
      'file_size',
      'email_external',
      'email_attachments',
      'chat_external',
      'chat_direct',
      'device_managed',
      'ingested_at',
    ].includes(c)
      ? 'bigint'
      : ['email_recipients', 'email_domains', 'attributes', 'raw'].includes(c)
        ? 'jsonb'
        : 'text',
  );
  const castSelect = `insert into events (${COLUMNS.join(', ')})
    select ${COLUMNS.map((_, i) => (types[i] === 'jsonb' ? `c${i}::jsonb` : `c${i}`)).join(', ')}
    from unnest(${COLUMNS.map((_, i) => `$${i + 1}::${types[i] === 'jsonb' ? 'text' : types[i]}[]`).join(', ')})
    as u(${COLUMNS.map((_, i) => `c${i}`).join(', ')})`;
  let batch: Row[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const columns = COLUMNS.map((_, i) => batch.map((row) => row[i]));
    await pool.query(castSelect, columns);
    written += batch.length;
    batch = [];
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length === 20_000) await flush();
  }
  await flush();
  return written;
}
