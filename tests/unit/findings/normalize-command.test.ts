import { describe, expect, it } from 'vitest';

import {
  decodeEncodedCommand,
  excerpt,
  maskSecrets,
  normalizeCommand,
} from '../../../src/server/analysis/findings/normalize-command';
import { matchCommandPatterns } from '../../../src/server/analysis/findings/powershell-patterns';

const encode = (text: string) => Buffer.from(text, 'utf16le').toString('base64');

describe('normalizing commands', () => {
  it('decodes -EncodedCommand and shows the decoded form after the original', () => {
    const line = `powershell.exe -NoP -W Hidden -EncodedCommand ${encode('Set-MpPreference -DisableRealtimeMonitoring $true')}`;
    expect(decodeEncodedCommand(line)).toBe('Set-MpPreference -DisableRealtimeMonitoring $true');
    const normalized = normalizeCommand(line);
    expect(normalized.decoded).toBe(true);
    expect(normalized.command).toContain(
      '⇒ decoded: Set-MpPreference -DisableRealtimeMonitoring $true',
    );
  });

  it('masks passwords, tokens and user names in paths', () => {
    expect(maskSecrets('net use \\\\srv /user:corp\\bob /p:Hunter2')).toBe(
      'net use \\\\srv /user:corp\\bob /p:«masked»',
    );
    expect(maskSecrets('Connect -Password "s3cret" -Token abc')).toBe(
      'Connect -Password «masked» -Token «masked»',
    );
    expect(maskSecrets('git push https://ghp_abcdefghijklmnopqrstuvwx@github.com')).toContain(
      '«masked token»',
    );
    expect(maskSecrets('Copy C:\\Users\\jdoe\\Documents\\a.txt')).toBe(
      'Copy C:\\Users\\<user>\\Documents\\a.txt',
    );
  });

  it('cuts a long script to the suspicious lines with a line around each', () => {
    const filler = Array.from(
      { length: 400 },
      (_, i) => `function Invoke-Maint${i} { Get-ChildItem }`,
    );
    const script = [...filler, "wevtutil cl 'Windows PowerShell'", 'Write-Output done'].join('\n');
    const { text, truncated } = excerpt(script);
    expect(truncated).toBe(true);
    expect(text).toContain("wevtutil cl 'Windows PowerShell'");
    expect(text).toContain('… (399 lines)');
    expect(text.length).toBeLessThan(500);
  });

  it('maps patterns to techniques and leaves ordinary commands alone', () => {
    expect(
      matchCommandPatterns('Clear-EventLog -LogName Application').map((p) => p.techniqueId),
    ).toEqual(['T1070.001']);
    expect(
      matchCommandPatterns('Compress-Archive -Path x -DestinationPath y.zip').map(
        (p) => p.techniqueId,
      ),
    ).toEqual(['T1560.001']);
    expect(matchCommandPatterns('git pull --rebase', '$PSVersionTable', 'Get-Process')).toEqual([]);
  });
});
