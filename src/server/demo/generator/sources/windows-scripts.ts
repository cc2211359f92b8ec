import type { Employee } from '../org-types';
import type { Prng } from '../prng';

/** Everyday interactive PowerShell; `{u}` is the user, `{d}` the company domain. */
const everydayScripts: readonly string[] = [
  'prompt',
  '$PSVersionTable',
  'Get-ChildItem -Path C:\\Users\\{u}\\Documents -Recurse -Filter *.xlsx | Measure-Object',
  'Get-Process | Sort-Object CPU -Descending | Select-Object -First 10',
  "Get-Service | Where-Object { $_.Status -eq 'Running' }",
  'Test-NetConnection -ComputerName intranet.{d} -Port 443',
  'Get-NetIPConfiguration',
  'Resolve-DnsName vpn.{d}',
  'Get-ComputerInfo | Select-Object OsName, OsVersion, CsModel',
  'Get-Content .\\package.json | ConvertFrom-Json | Select-Object name, version',
  'Get-WinEvent -LogName System -MaxEvents 50 | Format-Table TimeCreated, Id, Message -AutoSize',
  'Invoke-RestMethod -Uri https://status.{d}/api/health',
];

const itScripts: readonly string[] = [
  'Import-Module ActiveDirectory; Get-ADUser -Filter {Enabled -eq $false} -Properties LastLogonDate | Select-Object Name, LastLogonDate',
  'Get-BitLockerVolume -MountPoint C:',
  'Get-LocalGroupMember -Group Administrators',
  'Restart-Service -Name Spooler -Force',
  'Get-MgUser -Filter "department eq \'Sales\'" -All | Measure-Object',
  'Get-HotFix | Sort-Object InstalledOn -Descending | Select-Object -First 5',
  'Invoke-Command -ComputerName SRV-FILE01 -ScriptBlock { Get-PSDrive -PSProvider FileSystem }',
];

/** A short everyday script block for this person. */
export function everydayScript(e: Employee, domain: string, prng: Prng): string {
  const pool = e.department === 'IT' && prng.chance(0.6) ? itScripts : everydayScripts;
  return prng.pick(pool).replace('{u}', e.localPart).replace('{d}', domain);
}

/** A long admin module (tens of kB), as loaded by IT tooling; long enough to be split. */
export function longAdminScript(domain: string, prng: Prng): string {
  const nouns = [
    'Inventory',
    'Mailbox',
    'Printer',
    'Share',
    'License',
    'Device',
    'Group',
    'Certificate',
  ];
  const lines: string[] = [
    `# ${domain} endpoint administration module`,
    'Set-StrictMode -Version Latest',
    '',
  ];
  const count = prng.int(110, 190);
  for (let i = 0; i < count; i++) {
    const noun = `${prng.pick(nouns)}${i}`;
    lines.push(
      `function Get-Nw${noun} {`,
      '    [CmdletBinding()]',
      '    param([Parameter(Mandatory)][string]$Name, [int]$Top = 50)',
      `    $uri = "https://itapi.${domain}/v1/${noun.toLowerCase()}?name=$([uri]::EscapeDataString($Name))&top=$Top"`,
      '    $result = Invoke-RestMethod -Uri $uri -UseDefaultCredentials -ErrorAction Stop',
      '    $result.items | Select-Object -Property id, name, owner, updatedAt',
      '}',
      '',
    );
  }
  lines.push(`Export-ModuleMember -Function Get-Nw*`);
  return lines.join('\r\n');
}
