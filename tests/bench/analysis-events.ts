import { prngFor } from '../../src/server/demo/generator/prng';

/** The columns the benchmark fills, in the order of every row tuple. */
export const BENCH_COLUMNS = [
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
  'file_name',
  'file_label',
  'file_destination',
  'file_size',
  'email_domains',
  'email_attachments',
  'email_external',
  'repository',
  'process_name',
  'command_line',
  'target',
  'attributes',
  'ingested_at',
] as const;

/** One events row as a tuple in BENCH_COLUMNS order. */
export type BenchRow = Array<string | number | null>;

const DAY = 86_400_000;

/**
 * The benign mix of a very busy subject: SSO, chat, file views, process starts, internal
 * mail... Risky activities keep human rates (a few downloads and deletions a day), so the rules
 * must scan everything but fire only on the injected storyline.
 */
const MIX: Array<[weight: number, category: string, activity: string]> = [
  [22, 'app', 'app_access'],
  [20, 'chat', 'chat_message'],
  [15, 'file', 'file_view'],
  [15, 'process', 'process_start'],
  [8, 'email', 'email_send'],
  [5, 'auth', 'login'],
  [5, 'repo', 'repo_fetch'],
  [4, 'file', 'file_modify'],
  [2, 'auth', 'mfa_verify'],
  [2, 'script', 'script_exec'],
  [1, 'device', 'device_seen'],
  [0.5, 'file', 'file_download'],
  [0.3, 'email', 'email_delete'],
  [0.3, 'file', 'file_delete'],
  [0.05, 'repo', 'repo_clone'],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [w]) => sum + w, 0);
const PROCESSES = [
  'C:\\Windows\\explorer.exe',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
  'C:\\Windows\\System32\\svchost.exe -k netsvcs',
  'C:\\Program Files\\Microsoft Office\\root\\Office16\\OUTLOOK.EXE',
  'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
];
const SCRIPTS = [
  'Get-Process | Sort-Object CPU -Descending | Select-Object -First 10',
  "Get-Service | Where-Object { $_.Status -eq 'Running' }",
  'Get-WinEvent -LogName System -MaxEvents 50',
];
const LABELS = [null, 'Public', 'Internal', 'Internal', 'Confidential'];

/**
 * `count` events of one employee spread over `days` days ending at `end`, plus a
 * departing-employee storyline (bulk sensitive downloads, an archive, USB copies, personal
 * mail, a burst of clones) in the last week, written after the rest as a late batch would be.
 * Deterministic; rows come in chunks.
 */
export function* benchEvents(
  employeeId: string,
  count: number,
  days: number,
  end: number,
  chunk = 20_000,
): Generator<BenchRow[]> {
  const prng = prngFor(1, 'analysis-bench');
  const start = end - days * DAY;
  const email = `${employeeId.toLowerCase()}@northwind.example`;
  let rows: BenchRow[] = [];
  let n = 0;
  const push = (
    time: number,
    category: string,
    activity: string,
    extra: Partial<Record<(typeof BENCH_COLUMNS)[number], string | number | null>> = {},
  ) => {
    const row: Record<string, string | number | null> = {
      source: 'normalized',
      source_event_id: `bench-${n++}`,
      time,
      employee_id: employeeId,
      class_uid: 0,
      activity_id: 0,
      category,
      activity,
      action: activity,
      outcome: 'success',
      actor_email: email,
      app: null,
      file_name: null,
      file_label: null,
      file_destination: null,
      file_size: null,
      email_domains: null,
      email_attachments: null,
      email_external: null,
      repository: null,
      process_name: null,
      command_line: null,
      target: null,
      attributes: '{}',
      ingested_at: end,
      ...extra,
    };
    rows.push(BENCH_COLUMNS.map((column) => row[column] ?? null));
  };
  const flush = function* () {
    if (rows.length > 0) yield rows;
    rows = [];
  };
  // Logs arrive roughly in time order, so rows are written in time order (as an ingest does).
  const step = (days * DAY) / count;
  for (let i = 0; i < count; i++) {
    const time = start + Math.floor(i * step + prng.next() * step);
    let pick = prng.next() * TOTAL_WEIGHT;
    let entry = MIX[0]!;
    for (const candidate of MIX) {
      pick -= candidate[0];
      if (pick <= 0) {
        entry = candidate;
        break;
      }
    }
    const [, category, activity] = entry;
    if (category === 'file')
      push(time, category, activity, {
        file_name: `doc-${i % 5000}.docx`,
        file_label: LABELS[i % LABELS.length] ?? null,
        file_size: 10_000 + (i % 90_000),
      });
    else if (activity === 'process_start') {
      const command = PROCESSES[i % PROCESSES.length]!;
      push(time, category, activity, {
        process_name: command.split(' ')[0]!,
        command_line: `"${command}"`,
      });
    } else if (activity === 'script_exec')
      push(time, category, activity, { command_line: SCRIPTS[i % SCRIPTS.length]! });
    else if (activity === 'email_send')
      push(time, category, activity, {
        email_domains: '["northwind.example"]',
        email_attachments: i % 4 === 0 ? 1 : 0,
        email_external: 0,
      });
    else if (category === 'repo')
      push(time, category, activity, { repository: `northwind/repo-${i % 40}` });
    else push(time, category, activity, { app: 'Slack' });
    if (rows.length >= chunk) yield* flush();
  }
  // The storyline, in the last week.
  const day = end - 6 * DAY;
  for (let i = 0; i < 20; i++)
    push(day + 10 * 3_600_000 + i * 600_000, 'file', 'file_download', {
      file_name: `secret-${i}.xlsx`,
      file_label: 'Highly Confidential',
      file_size: 200_000,
    });
  for (let i = 0; i < 8; i++)
    push(day + 22 * 3_600_000 + i * 300_000, 'repo', 'repo_clone', {
      repository: `northwind/other-${i}`,
    });
  push(day + DAY + 20 * 3_600_000, 'script', 'script_exec', {
    command_line:
      'Compress-Archive -Path C:\\Users\\x\\Downloads\\* -DestinationPath C:\\Users\\x\\Documents\\backup.zip',
  });
  for (let i = 0; i < 10; i++)
    push(day + 2 * DAY + 19 * 3_600_000 + i * 60_000, 'file', 'usb_write', {
      file_name: `secret-${i}.xlsx`,
      file_destination: 'usb',
    });
  for (let i = 0; i < 4; i++)
    push(day + 3 * DAY + 21 * 3_600_000 + i * 600_000, 'email', 'email_send', {
      email_domains: '["gmail.com"]',
      email_attachments: 2,
      email_external: 1,
      file_destination: 'personal_email',
    });
  yield* flush();
}
