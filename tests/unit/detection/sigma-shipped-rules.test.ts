import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readSigmaRules } from '../../../src/server/analysis/rules/sigma/load-sigma-rules';
import type { RuleHit } from '../../../src/server/analysis/rules/run-rule';
import { runRule } from '../../../src/server/analysis/rules/run-rule';
import type { SourceParser } from '../../../src/server/ingest/parsers/parser';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { contextFor, engineDb, ENGINES } from './sigma-databases';
import {
  eventsOf,
  github,
  google,
  m365,
  moduleLog,
  okta,
  PARSERS,
  scriptBlock,
  security,
  sharePointDownload,
  sysmon,
  systemLogCleared,
} from './sigma-records';
import { DAY, HOUR, store, T0 } from './support';

const MINUTE = 60_000;
const { files, invalid } = readSigmaRules();
const rulesOf = (file: string) => {
  const found = files.find((entry) => entry.file === file);
  if (!found) throw new Error(`No shipped Sigma file ${file}.`);
  return found.rules;
};

/** A rule file's records: `hits` for E1, each of which must raise its own hit; `misses` for E2, which must raise none. */
interface SingleEventCase {
  file: string;
  parser: SourceParser;
  hits: (at: (hour: number) => number) => unknown[];
  misses: (at: (hour: number) => number) => unknown[];
}

const POWERSHELL = 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe';

const singleEventCases: SingleEventCase[] = [
  {
    file: 'win_proc_encoded_powershell.yml',
    parser: PARSERS.windows,
    hits: (at) => [
      sysmon(1, at(1), { Image: POWERSHELL, CommandLine: 'powershell.exe -NoP -enc SQBFAFgA' }),
      sysmon(1, at(2), {
        Image: 'C:\\Users\\e1\\AppData\\Local\\Temp\\ps.exe',
        OriginalFileName: 'PowerShell.EXE',
        CommandLine: 'ps.exe /e SQBFAFgA',
      }),
      security(4688, at(3), {
        NewProcessName: 'C:\\Program Files\\PowerShell\\7\\pwsh.exe',
        CommandLine: 'pwsh -EncodedCommand SQBFAFgA -NoLogo',
        ParentProcessName: 'C:\\Windows\\explorer.exe',
      }),
    ],
    misses: (at) => [
      sysmon(1, at(1), {
        Image: POWERSHELL,
        CommandLine: 'powershell.exe -File a.ps1 -environment prod',
      }),
      sysmon(1, at(2), {
        Image: 'C:\\Windows\\System32\\cmd.exe',
        CommandLine: 'cmd.exe /c x -enc y',
      }),
    ],
  },
  {
    file: 'win_proc_wevtutil_clear_log.yml',
    parser: PARSERS.windows,
    hits: (at) => [
      sysmon(1, at(1), {
        Image: 'C:\\Windows\\System32\\wevtutil.exe',
        CommandLine: 'wevtutil.exe cl Security',
      }),
      sysmon(1, at(2), {
        Image: 'C:\\Windows\\System32\\WEVTUTIL.EXE',
        CommandLine: 'WEVTUTIL CLEAR-LOG System /q',
      }),
    ],
    misses: (at) => [
      sysmon(1, at(1), {
        Image: 'C:\\Windows\\System32\\wevtutil.exe',
        CommandLine: 'wevtutil.exe qe Security',
      }),
      sysmon(1, at(2), { Image: 'C:\\Windows\\notepad.exe', CommandLine: 'notepad.exe cl x' }),
    ],
  },
  {
    file: 'win_ps_script_defender_tampering.yml',
    parser: PARSERS.windows,
    hits: (at) => [
      scriptBlock(at(1), 'Set-MpPreference -DisableRealtimeMonitoring $true'),
      scriptBlock(at(2), 'add-mppreference -exclusionpath C:\\Users\\e1\\loot'),
    ],
    misses: (at) => [
      scriptBlock(at(1), 'Get-MpPreference | Select-Object -Property Disable*'),
      scriptBlock(
        at(2),
        'Set-MpPreference -DisableRealtimeMonitoring $true',
        'C:\\Program Files\\WindowsPowerShell\\Modules\\Pester\\5.0\\Pester.ps1',
      ),
      moduleLog(at(3), 'Set-MpPreference', 'Set-MpPreference -DisableRealtimeMonitoring $true'),
    ],
  },
  {
    file: 'win_ps_module_archive_staging.yml',
    parser: PARSERS.windows,
    hits: (at) => [
      moduleLog(
        at(1),
        'Compress-Archive',
        'Compress-Archive -Path C:\\Users\\e1\\Documents -DestinationPath E:\\docs.zip',
      ),
      moduleLog(
        at(2),
        'Compress-Archive',
        'compress-archive -path . -destinationpath "\\\\nas\\share\\x.zip"',
      ),
    ],
    misses: (at) => [
      moduleLog(
        at(1),
        'Compress-Archive',
        'Compress-Archive -Path . -DestinationPath C:\\Temp\\x.zip',
      ),
      moduleLog(at(2), 'Copy-Item', 'Copy-Item -Path . -Destination E:\\'),
    ],
  },
  {
    file: 'win_file_event_archive_staging.yml',
    parser: PARSERS.windows,
    hits: (at) => [
      sysmon(11, at(1), {
        Image: 'C:\\Windows\\explorer.exe',
        TargetFilename: 'C:\\Users\\Public\\Documents\\q3.zip',
      }),
      sysmon(11, at(2), {
        Image: 'C:\\Program Files\\7-Zip\\7z.exe',
        TargetFilename: 'C:\\ProgramData\\cache\\dump.7Z',
      }),
    ],
    misses: (at) => [
      sysmon(11, at(1), {
        Image: 'C:\\Windows\\explorer.exe',
        TargetFilename: 'C:\\Users\\e2\\Documents\\q3.zip',
      }),
      sysmon(11, at(2), {
        Image: 'C:\\Windows\\System32\\msiexec.exe',
        TargetFilename: 'C:\\ProgramData\\pkg\\setup.zip',
      }),
      sysmon(11, at(3), {
        Image: 'C:\\Windows\\explorer.exe',
        TargetFilename: 'C:\\Users\\Public\\notes.txt',
      }),
    ],
  },
  {
    file: 'win_net_connection_file_transfer_ports.yml',
    parser: PARSERS.windows,
    hits: (at) => [
      sysmon(3, at(1), {
        Image: 'C:\\Tools\\winscp.exe',
        Initiated: 'true',
        DestinationIp: '203.0.113.7',
        DestinationPort: '22',
      }),
      sysmon(3, at(2), {
        Image: 'C:\\Tools\\ftp.exe',
        Initiated: 'true',
        DestinationIp: '2001:db8::5',
        DestinationPort: '21',
      }),
    ],
    misses: (at) => [
      sysmon(3, at(1), { Initiated: 'true', DestinationIp: '10.1.2.3', DestinationPort: '22' }),
      sysmon(3, at(2), { Initiated: 'true', DestinationIp: '203.0.113.7', DestinationPort: '443' }),
      sysmon(3, at(3), { Initiated: 'true', DestinationIp: '192.168.1.5', DestinationPort: '21' }),
      sysmon(3, at(4), { Initiated: 'true', DestinationIp: 'fd00::1', DestinationPort: '22' }),
      sysmon(3, at(5), { Initiated: 'false', DestinationIp: '203.0.113.7', DestinationPort: '22' }),
    ],
  },
  {
    file: 'win_dns_query_file_sharing_sites.yml',
    parser: PARSERS.windows,
    hits: (at) => [
      sysmon(22, at(1), { QueryName: 'mega.nz', Image: 'C:\\Tools\\browser.exe' }),
      sysmon(22, at(2), { QueryName: 'g.api.mega.nz' }),
      sysmon(22, at(3), { QueryName: 'TRANSFER.SH' }),
    ],
    misses: (at) => [
      sysmon(22, at(1), { QueryName: 'omega.nz' }),
      sysmon(22, at(2), { QueryName: 'mega.nz.corp.example' }),
    ],
  },
  {
    file: 'win_registry_set_run_key_user_folder.yml',
    parser: PARSERS.windows,
    hits: (at) => [
      sysmon(13, at(1), {
        TargetObject: 'HKU\\S-1-5-21-1\\Software\\Microsoft\\Windows\\CurrentVersion\\Run\\Updater',
        Details: 'C:\\Users\\e1\\AppData\\Roaming\\upd.exe',
      }),
    ],
    misses: (at) => [
      sysmon(13, at(1), {
        TargetObject: 'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Run\\Agent',
        Details: 'C:\\Program Files\\Vendor\\agent.exe',
      }),
    ],
  },
  {
    file: 'win_security_log_cleared.yml',
    parser: PARSERS.windows,
    hits: (at) => [security(1102, at(1))],
    misses: (at) => [
      systemLogCleared(at(1)),
      security(4720, at(2), { TargetUserName: 'x', TargetSid: 'S-1-5-21-9' }),
    ],
  },
  {
    file: 'win_security_local_account_created.yml',
    parser: PARSERS.windows,
    hits: (at) => [
      security(4720, at(1), {
        TargetUserName: 'backup2',
        TargetDomainName: 'LAPTOP-E1',
        TargetSid: 'S-1-5-21-1-2-3-1005',
      }),
    ],
    misses: (at) => [
      security(4722, at(1), { TargetUserName: 'backup2', TargetSid: 'S-1-5-21-1-2-3-1005' }),
      security(4720, at(2), { TargetUserName: 'svc', TargetSid: 'S-1-5-18' }),
    ],
  },
  {
    file: 'okta_mfa_factor_deactivated.yml',
    parser: PARSERS.okta,
    hits: (at) => [
      okta('user.mfa.factor.deactivate', at(1)),
      okta('user.mfa.factor.reset_all', at(2)),
    ],
    misses: (at) => [okta('user.mfa.factor.activate', at(1)), okta('user.session.start', at(2))],
  },
  {
    file: 'okta_policy_rule_changed.yml',
    parser: PARSERS.okta,
    hits: (at) => [okta('policy.rule.deactivate', at(1)), okta('policy.lifecycle.delete', at(2))],
    misses: (at) => [okta('policy.rule.update', at(1)), okta('policy.lifecycle.activate', at(2))],
  },
  {
    file: 'm365_mailbox_forwarding_rule.yml',
    parser: PARSERS.m365,
    hits: (at) => [
      m365('New-InboxRule', at(1), {
        Parameters: [{ Name: 'ForwardTo', Value: 'me@personal.example' }],
      }),
      m365('Set-Mailbox', at(2), {
        Parameters: [{ Name: 'ForwardingSmtpAddress', Value: 'smtp:me@personal.example' }],
      }),
    ],
    misses: (at) => [
      m365('New-InboxRule', at(1), { ResultStatus: 'False' }),
      m365('Set-CASMailbox', at(2)),
      sharePointDownload(at(3), 1000),
    ],
  },
  {
    file: 'gworkspace_admin_privilege_granted.yml',
    parser: PARSERS.google,
    hits: (at) => [google('GRANT_ADMIN_PRIVILEGE', at(1)), google('ASSIGN_ROLE', at(2))],
    misses: (at) => [google('CHANGE_PASSWORD', at(1)), google('login_success', at(2), 'login')],
  },
  {
    file: 'github_repository_made_public.yml',
    parser: PARSERS.github,
    hits: (at) => [github('repo.access', at(1), { visibility: 'public' })],
    misses: (at) => [
      github('repo.access', at(1), { visibility: 'private' }),
      github('repo.create', at(2), { visibility: 'public' }),
    ],
  },
];

describe('the shipped Sigma rule files', () => {
  it('all compile, each into rules the engine runs', () => {
    expect(invalid).toEqual([]);
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  it('each have a test here', () => {
    const tested = new Set([...singleEventCases.map((c) => c.file), ...correlationFiles]);
    expect(files.map((entry) => entry.file).filter((file) => !tested.has(file))).toEqual([]);
  });
});

const correlationFiles = [
  'corr_github_mass_clone.yml',
  'corr_okta_failed_sign_ins.yml',
  'corr_m365_download_volume.yml',
  'corr_mfa_removed_then_mail_forwarding.yml',
  'corr_logs_cleared_and_defender_off.yml',
];

describe.each(ENGINES)('the shipped Sigma rules on %s', (dialect) => {
  let handle: DatabaseHandle;
  let slot = 0;
  beforeAll(async () => {
    handle = await engineDb(dialect);
  }, 60_000);
  afterAll(async () => {
    await handle.close();
  });

  /** Each test gets two days of its own, so no test sees another's events. */
  function window() {
    const from = T0 + slot * 2 * DAY;
    slot++;
    return { from, to: from + 2 * DAY };
  }

  async function run(
    file: string,
    employeeId: string,
    span: { from: number; to: number },
  ): Promise<RuleHit[]> {
    const scope = { employeeId, department: employeeId === 'E3' ? 'Finance' : 'Sales', ...span };
    const hits: RuleHit[] = [];
    for (const rule of rulesOf(file))
      hits.push(...(await runRule(handle.db, rule, scope, contextFor(dialect))));
    return hits;
  }

  for (const testCase of singleEventCases) {
    it(`${testCase.file}: one hit per matching event, none on the near misses`, async () => {
      const span = window();
      const at = (hour: number) => span.from + hour * HOUR;
      const hits = eventsOf(testCase.parser, testCase.hits(at));
      await store(handle, 'E1', hits);
      await store(handle, 'E2', eventsOf(testCase.parser, testCase.misses(at)));
      const found = await run(testCase.file, 'E1', span);
      expect(found.map((hit) => hit.first)).toEqual(hits.map((event) => event.time));
      expect(found.every((hit) => hit.eventCount === 1)).toBe(true);
      expect(found[0]!.why).toMatch(/^1 event matched the Sigma rule's detection from \d{4}-/);
      expect(await run(testCase.file, 'E2', span)).toEqual([]);
    });
  }

  it('corr_github_mass_clone.yml: ten repositories within the hour, not nine, not spread out', async () => {
    const span = window();
    const at = (minute: number) => span.from + HOUR + minute * MINUTE;
    const clones = (repos: string[], gap: number) =>
      repos.map((repo, i) =>
        github(i % 2 ? 'git.clone' : 'repo.download_zip', at(i * gap), { repo }),
      );
    const ten = Array.from({ length: 10 }, (_, i) => `corp/repo-${i}`);
    await store(handle, 'E1', eventsOf(PARSERS.github, clones(ten, 5)));
    await store(
      handle,
      'E2',
      eventsOf(PARSERS.github, [...clones(ten.slice(0, 9), 5), ...clones(['corp/repo-0'], 1)]),
    );
    await store(handle, 'E3', eventsOf(PARSERS.github, clones(ten, 20)));
    const found = await run('corr_github_mass_clone.yml', 'E1', span);
    expect(found).toHaveLength(1);
    expect(found[0]!.why).toMatch(
      /^10 different values of repo in 10 events matching "GitHub repository cloned or downloaded"/,
    );
    expect(await run('corr_github_mass_clone.yml', 'E2', span)).toEqual([]);
    expect(await run('corr_github_mass_clone.yml', 'E3', span)).toEqual([]);
  });

  it('corr_okta_failed_sign_ins.yml: five failures within ten minutes', async () => {
    const span = window();
    const at = (minute: number) => span.from + HOUR + minute * MINUTE;
    const failures = (count: number, gap: number) =>
      Array.from({ length: count }, (_, i) => okta('user.session.start', at(i * gap), 'FAILURE'));
    await store(handle, 'E1', eventsOf(PARSERS.okta, failures(5, 2)));
    await store(
      handle,
      'E2',
      eventsOf(PARSERS.okta, [...failures(4, 2), okta('user.session.start', at(9), 'SUCCESS')]),
    );
    await store(handle, 'E3', eventsOf(PARSERS.okta, failures(5, 6)));
    const found = await run('corr_okta_failed_sign_ins.yml', 'E1', span);
    expect(found.map((hit) => hit.eventCount)).toEqual([5]);
    expect(await run('corr_okta_failed_sign_ins.yml', 'E2', span)).toEqual([]);
    expect(await run('corr_okta_failed_sign_ins.yml', 'E3', span)).toEqual([]);
  });

  it('corr_m365_download_volume.yml: more than a gigabyte downloaded within the hour', async () => {
    const span = window();
    const at = (minute: number) => span.from + HOUR + minute * MINUTE;
    const mb = 1024 * 1024;
    await store(
      handle,
      'E1',
      eventsOf(
        PARSERS.m365,
        [0, 10, 20].map((m) => sharePointDownload(at(m), 400 * mb)),
      ),
    );
    await store(
      handle,
      'E2',
      eventsOf(PARSERS.m365, [
        sharePointDownload(at(0), 500 * mb),
        sharePointDownload(at(10), 500 * mb),
        sharePointDownload(at(20), 500 * mb, 'FileAccessed'),
      ]),
    );
    const found = await run('corr_m365_download_volume.yml', 'E1', span);
    expect(found).toHaveLength(1);
    expect(found[0]!.why).toMatch(/^FileSizeBytes added up to 1\.2 GB over 3 events/);
    expect(await run('corr_m365_download_volume.yml', 'E2', span)).toEqual([]);
  });

  it('corr_mfa_removed_then_mail_forwarding.yml: MFA removed, then forwarding within a day, in that order', async () => {
    const span = window();
    const at = (hour: number) => span.from + hour * HOUR;
    await store(handle, 'E1', [
      ...eventsOf(PARSERS.okta, [okta('user.mfa.factor.deactivate', at(1))]),
      ...eventsOf(PARSERS.m365, [m365('New-InboxRule', at(4))]),
    ]);
    await store(handle, 'E2', [
      ...eventsOf(PARSERS.m365, [m365('New-InboxRule', at(1))]),
      ...eventsOf(PARSERS.okta, [okta('user.mfa.factor.deactivate', at(4))]),
    ]);
    await store(handle, 'E3', [
      ...eventsOf(PARSERS.okta, [okta('user.mfa.factor.reset_all', at(1))]),
      ...eventsOf(PARSERS.m365, [m365('Set-Mailbox', at(30))]),
    ]);
    const found = await run('corr_mfa_removed_then_mail_forwarding.yml', 'E1', span);
    expect(found).toHaveLength(1);
    expect(found[0]!.why).toBe(
      `"Okta MFA factor removed" matched 1 event from ${new Date(at(1)).toISOString().slice(0, 16).replace('T', ' ')} UTC; then "Exchange forwarding or inbox rule" matched 1 event 3 h later.`,
    );
    expect(await run('corr_mfa_removed_then_mail_forwarding.yml', 'E2', span)).toEqual([]);
    expect(await run('corr_mfa_removed_then_mail_forwarding.yml', 'E3', span)).toEqual([]);
  });

  it('corr_logs_cleared_and_defender_off.yml: both within the hour in either order, not two hours apart', async () => {
    const span = window();
    const at = (minute: number) => span.from + HOUR + minute * MINUTE;
    const wevtutil = (time: number) =>
      sysmon(1, time, {
        Image: 'C:\\Windows\\System32\\wevtutil.exe',
        CommandLine: 'wevtutil cl Security',
      });
    const defender = (time: number) =>
      scriptBlock(time, 'Set-MpPreference -DisableIOAVProtection $true');
    await store(handle, 'E1', eventsOf(PARSERS.windows, [defender(at(0)), wevtutil(at(20))]));
    await store(handle, 'E3', eventsOf(PARSERS.windows, [wevtutil(at(0)), defender(at(50))]));
    await store(handle, 'E2', eventsOf(PARSERS.windows, [wevtutil(at(0)), defender(at(130))]));
    const byRule = async (employeeId: string) =>
      (await run('corr_logs_cleared_and_defender_off.yml', employeeId, span)).map(
        (hit) => hit.ruleId,
      );
    expect(await byRule('E1')).toEqual([
      'sigma-event-logs-cleared-and-defender-turned-off-close-together-2',
    ]);
    expect(await byRule('E3')).toEqual([
      'sigma-event-logs-cleared-and-defender-turned-off-close-together-1',
    ]);
    expect(await byRule('E2')).toEqual([]);
  });
});
