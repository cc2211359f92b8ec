import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RuleHit } from '../../../src/server/analysis/rules/run-rule';
import { runRule } from '../../../src/server/analysis/rules/run-rule';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { contextFor, engineDb, ENGINES } from './sigma-databases';
import { eventsOf, PARSERS, security, sysmon } from './sigma-records';
import { compiled, sigmaRule } from './sigma-support';
import { DAY, HOUR, store, T0 } from './support';

/*
 * Sigma rules reach the events the Windows parser keeps generic (activity `other`, action
 * "Sysmon 7 image load", fields in the attribute bag): an image load, a registry value set
 * outside the autorun keys, a Security 4663 on a registry key, by category and by service.
 */

const RUNDLL = 'C:\\Windows\\System32\\rundll32.exe';

const imageLoad = sigmaRule(
  '    category: image_load\n    product: windows',
  "    sel:\n        ImageLoaded|endswith: '\\comsvcs.dll'\n        Image|endswith: '\\rundll32.exe'\n    condition: sel",
);
const registrySet = sigmaRule(
  '    category: registry_set\n    product: windows',
  "    sel:\n        TargetObject|contains: '\\Services\\WinDefend'\n        Details: 'DWORD (0x00000004)'\n    condition: sel",
);
const sysmonService = sigmaRule(
  '    product: windows\n    service: sysmon',
  "    sel:\n        EventID: 7\n        ImageLoaded|endswith: '\\comsvcs.dll'\n    condition: sel",
);
const securityObject = sigmaRule(
  '    product: windows\n    service: security',
  "    sel:\n        EventID: 4663\n        ObjectType: Key\n        ObjectName|contains: '\\SAM\\SAM\\Domains'\n    condition: sel",
);

describe.each(ENGINES)('Sigma rules on generic Windows events, on %s', (dialect) => {
  let handle: DatabaseHandle;
  let slot = 0;
  beforeAll(async () => {
    handle = await engineDb(dialect);
  }, 60_000);
  afterAll(async () => {
    await handle.close();
  });

  function window() {
    const from = T0 + slot * 2 * DAY;
    slot++;
    return { from, to: from + 2 * DAY };
  }

  async function run(text: string, span: { from: number; to: number }): Promise<RuleHit[]> {
    const scope = { employeeId: 'E1', department: 'Sales', ...span };
    const hits: RuleHit[] = [];
    for (const rule of compiled(text))
      hits.push(...(await runRule(handle.db, rule, scope, contextFor(dialect))));
    return hits;
  }

  it('an image load (Sysmon 7), by category image_load and by service sysmon', async () => {
    const span = window();
    const at = (hour: number) => span.from + hour * HOUR;
    const events = eventsOf(PARSERS.windows, [
      sysmon(7, at(1), { Image: RUNDLL, ImageLoaded: 'C:\\Windows\\System32\\comsvcs.dll' }),
      sysmon(7, at(2), { Image: RUNDLL, ImageLoaded: 'C:\\Windows\\System32\\kernel32.dll' }),
      sysmon(7, at(3), {
        Image: 'C:\\Windows\\explorer.exe',
        ImageLoaded: 'C:\\Windows\\System32\\comsvcs.dll',
      }),
    ]);
    expect(events.map((event) => [event.activity, event.action])).toEqual([
      ['other', 'Sysmon 7 image load'],
      ['other', 'Sysmon 7 image load'],
      ['other', 'Sysmon 7 image load'],
    ]);
    await store(handle, 'E1', events);
    expect((await run(imageLoad, span)).map((hit) => hit.first)).toEqual([at(1)]);
    expect((await run(sysmonService, span)).map((hit) => hit.first)).toEqual([at(1), at(3)]);
  });

  it('a registry value set outside the autorun keys (Sysmon 13, kept generic)', async () => {
    const span = window();
    const at = (hour: number) => span.from + hour * HOUR;
    const key = 'HKLM\\System\\CurrentControlSet\\Services\\WinDefend\\Start';
    const events = eventsOf(PARSERS.windows, [
      sysmon(13, at(1), {
        EventType: 'SetValue',
        Image: 'C:\\Windows\\regedit.exe',
        TargetObject: key,
        Details: 'DWORD (0x00000004)',
      }),
      sysmon(13, at(2), {
        EventType: 'SetValue',
        Image: 'C:\\Windows\\regedit.exe',
        TargetObject: key,
        Details: 'DWORD (0x00000002)',
      }),
    ]);
    expect(events.map((event) => event.activity)).toEqual(['other', 'other']);
    await store(handle, 'E1', events);
    expect((await run(registrySet, span)).map((hit) => hit.first)).toEqual([at(1)]);
  });

  it('a Security 4663 on a registry key, by service security', async () => {
    const span = window();
    const at = (hour: number) => span.from + hour * HOUR;
    const events = eventsOf(PARSERS.windows, [
      security(4663, at(1), {
        ObjectServer: 'Security',
        ObjectType: 'Key',
        ObjectName: '\\REGISTRY\\MACHINE\\SAM\\SAM\\Domains\\Account\\Users',
        AccessMask: '0x20019',
        ProcessName: 'C:\\Windows\\System32\\reg.exe',
      }),
      security(4656, at(2), {
        ObjectServer: 'Security',
        ObjectType: 'Key',
        ObjectName: '\\REGISTRY\\MACHINE\\SAM\\SAM\\Domains\\Account\\Users',
      }),
    ]);
    await store(handle, 'E1', events);
    expect((await run(securityObject, span)).map((hit) => hit.first)).toEqual([at(1)]);
  });
});
