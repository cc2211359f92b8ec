import { primaryDevice, windowsDevice } from '../org-devices';
import type { Device, Employee } from '../org-types';
import type { Prng } from '../prng';
import { oktaEvent, oktaUserTarget } from '../sources/okta-records';
import { images } from '../sources/windows-catalog';
import {
  encodeCommand,
  explorerOf,
  scriptBlock,
  securityLogCleared,
  sysmonProcess,
  type ProcessRef,
} from '../sources/windows-records';
import { Injection, localTime, pickWeekday } from './injection';
import type { ScenarioContext, ScenarioDefinition, ScenarioPlan } from './types';

const DISABLE_DEFENDER = [
  'Set-MpPreference -DisableRealtimeMonitoring $true',
  'Set-MpPreference -DisableIOAVProtection $true -DisableBehaviorMonitoring $true',
  'Add-MpPreference -ExclusionPath "$env:USERPROFILE\\AppData\\Local\\Temp"',
].join('\r\n');

const ENCODED_PAYLOAD = [
  "$ErrorActionPreference = 'SilentlyContinue'",
  'Set-MpPreference -DisableScriptScanning $true',
  'Remove-Item (Get-PSReadlineOption).HistorySavePath -Force',
  'Get-ChildItem -Path $env:TEMP -Filter *.log | Remove-Item -Force',
].join('; ');

/** A long cleanup "toolkit": filler functions around the log-clearing calls, split into several 4104 parts. */
function cleanupToolkit(prng: Prng): string {
  const lines: string[] = [
    '# maintenance helpers',
    "$ErrorActionPreference = 'SilentlyContinue'",
    '',
  ];
  const helpers = prng.int(260, 320);
  for (let i = 0; i < helpers; i++) {
    lines.push(
      `function Invoke-Maint${i} {`,
      '    param([string]$Target = $env:COMPUTERNAME)',
      `    $items = Get-ChildItem -Path "$env:ProgramData\\Maint\\${i}" -Recurse -ErrorAction SilentlyContinue`,
      '    foreach ($item in $items) { if ($item.LastWriteTime -lt (Get-Date).AddDays(-30)) { $item | Remove-Item -Force } }',
      '}',
      '',
    );
  }
  lines.push(
    'Clear-EventLog -LogName Application, System',
    "wevtutil cl 'Windows PowerShell'",
    'Get-WinEvent -ListLog * | Where-Object { $_.RecordCount -gt 0 } | ForEach-Object { [System.Diagnostics.Eventing.Reader.EventLogSession]::GlobalSession.ClearLog($_.LogName) }',
  );
  return lines.join('\r\n');
}

function endpoint(inj: Injection, e: Employee, device: Device, start: number, prng: Prng): number {
  const explorer = explorerOf(device);
  let t = start;
  const admin = sysmonProcess(
    device,
    e,
    t,
    images.powershell,
    `"${images.powershell.image}" -NoProfile -ExecutionPolicy Bypass`,
    explorer,
    prng,
    'High',
  );
  inj.add('windows', t, admin.record);
  t += prng.int(20_000, 90_000);
  inj.addAll('windows', scriptBlock(device, e, t, DISABLE_DEFENDER, admin.process, prng, true));

  t += prng.int(60_000, 300_000);
  const encoded = `"${images.powershell.image}" -NoP -W Hidden -EncodedCommand ${encodeCommand(ENCODED_PAYLOAD)}`;
  const hidden = sysmonProcess(
    device,
    e,
    t,
    images.powershell,
    encoded,
    admin.process,
    prng,
    'High',
  );
  inj.add('windows', t, hidden.record);
  inj.addAll(
    'windows',
    scriptBlock(device, e, t + 1_500, ENCODED_PAYLOAD, hidden.process, prng, true),
  );

  t += prng.int(120_000, 600_000);
  inj.addAll('windows', scriptBlock(device, e, t, cleanupToolkit(prng), admin.process, prng, true));

  t += prng.int(30_000, 120_000);
  const shell: ProcessRef = sysmonProcess(
    device,
    e,
    t,
    images.cmd,
    `"${images.cmd.image}"`,
    admin.process,
    prng,
    'High',
  ).process;
  for (const log of ['Security', 'System', 'Microsoft-Windows-PowerShell/Operational']) {
    t += prng.int(3_000, 20_000);
    const cmd = `wevtutil cl ${log.includes(' ') || log.includes('/') ? `"${log}"` : log}`;
    inj.add(
      'windows',
      t,
      sysmonProcess(device, e, t, images.wevtutil, cmd, shell, prng, 'High').record,
    );
    if (log === 'Security') inj.add('windows', t + 200, securityLogCleared(device, e, t + 200));
  }
  return t;
}

function identity(inj: Injection, ctx: ScenarioContext, start: number): void {
  const { prng, subject: e } = ctx;
  const base = {
    ip: e.homeIp,
    device: primaryDevice(e.devices),
    sessionId: `102${prng.alnum(22)}`,
  };
  const t1 = start;
  inj.add(
    'okta',
    t1,
    oktaEvent(
      e,
      {
        ...base,
        time: t1,
        eventType: 'user.mfa.factor.deactivate',
        displayMessage: 'Reset factor for user',
        legacyEventType: 'core.user.factor.deactivate',
        target: [oktaUserTarget(e)],
        debugData: {
          factor: 'OKTA_VERIFY_PUSH',
          requestUri: `/api/v1/users/${e.oktaId}/factors`,
          url: `/api/v1/users/${e.oktaId}/factors?`,
        },
      },
      prng,
    ),
  );
  const t2 = start + prng.int(120_000, 900_000);
  inj.add(
    'okta',
    t2,
    oktaEvent(
      e,
      {
        ...base,
        time: t2,
        eventType: 'user.account.privilege.grant',
        displayMessage: 'Grant user privilege',
        legacyEventType: 'core.user.admin_privilege.granted',
        target: [oktaUserTarget(e)],
        debugData: {
          privilegeGranted: 'Super administrator',
          requestUri: `/api/internal/administrators/${e.oktaId}`,
          url: `/api/internal/administrators/${e.oktaId}`,
        },
      },
      prng,
    ),
  );
}

function plan(ctx: ScenarioContext): ScenarioPlan {
  const { prng, subject: e } = ctx;
  const inj = new Injection(ctx.index);
  const device = windowsDevice(e.devices);
  if (!device) throw new Error(`${e.id} has no Windows laptop for security-tampering`);
  const day = pickWeekday(ctx, 0.5, 0.85);
  const start = localTime(e, day, prng.range(19, 21));
  identity(inj, ctx, start);
  endpoint(inj, e, device, start + prng.int(600_000, 1_800_000), prng);
  return inj.finish(ctx, 'security-tampering', {
    techniques: ['T1059.001', 'T1070', 'T1098'],
    relatedTechniques: ['T1562.001', 'T1070.001', 'T1556.006', 'T1027'],
    summary:
      'Deactivated their MFA factor, granted themselves admin, disabled Defender from PowerShell (one command encoded) and cleared the event logs.',
    details: {
      device: device.hostname,
      encodedCommand: true,
      logsCleared: [
        'Security',
        'System',
        'Microsoft-Windows-PowerShell/Operational',
        'Application',
      ],
    },
  });
}

/** Defender disabled, event logs cleared, MFA removed and admin granted on one evening. */
export const securityTampering: ScenarioDefinition = {
  id: 'security-tampering',
  description:
    'Disables Defender and clears event logs from PowerShell (one encoded command), removes MFA and grants admin.',
  eligible: (e) =>
    windowsDevice(e.devices) !== undefined && ['IT', 'Engineering'].includes(e.department),
  plan,
};
