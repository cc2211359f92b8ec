import { departmentProfile } from '../catalog/departments';
import { windowsDevice } from '../org-devices';
import type { Device, FileItem } from '../org-types';
import { hash32, type Prng } from '../prng';
import { sampleTime } from '../rhythm';
import type { DayContext, Emitted, NativeRecord, SourceEmitter } from '../source-types';
import { images, pickTool } from './windows-catalog';
import { everydayScript, longAdminScript } from './windows-scripts';
import {
  explorerOf,
  processGuid,
  scriptBlock,
  sysmonFileCreate,
  sysmonFileDelete,
  sysmonProcess,
  type ProcessRef,
} from './windows-records';

/** The local file name a document gets when saved or downloaded. */
export function localName(file: FileItem): string {
  if (file.extension) return file.name;
  const ext: Record<string, string> = {
    spreadsheet: 'xlsx',
    document: 'docx',
    presentation: 'pptx',
  };
  return `${file.name}.${ext[file.docType] ?? 'pdf'}`;
}

/** A browser process of the person's laptop, for files it writes. */
export function browserProcess(device: Device, time: number, prng: Prng): ProcessRef {
  const image =
    device.uaBrowser === 'EDGE'
      ? 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe'
      : 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe';
  return {
    image,
    commandLine: `"${image}"`,
    pid: prng.int(1000, 24000),
    guid: processGuid(device, time, prng),
  };
}

function processes(day: DayContext, device: Device, out: Emitted[]): void {
  const { ctx, employee: e, plan, prng } = day;
  const explorer = explorerOf(device);
  const n = prng.poisson(
    departmentProfile(e.department).volumes.processes * ctx.rate * plan.intensity,
  );
  for (let i = 0; i < n; i++) {
    const time = sampleTime(plan, prng);
    const tool = pickTool(e, prng);
    out.push({
      time,
      record: sysmonProcess(device, e, time, tool.image, tool.commandLine, explorer, prng).record,
    });
  }
}

function files(day: DayContext, device: Device, out: Emitted[]): void {
  const { ctx, employee: e, plan, prng } = day;
  const scale = ctx.rate * plan.intensity;
  const downloads = e.files.length === 0 ? 0 : prng.poisson(1.2 * scale);
  for (let i = 0; i < downloads; i++) {
    const time = sampleTime(plan, prng);
    const target = `C:\\Users\\${e.localPart}\\Downloads\\${localName(prng.pick(e.files))}`;
    out.push({
      time,
      record: sysmonFileCreate(device, e, time, browserProcess(device, time, prng), target),
    });
  }
  const deletes = e.files.length === 0 ? 0 : prng.poisson(0.2 * scale);
  for (let i = 0; i < deletes; i++) {
    const time = sampleTime(plan, prng);
    const target = `C:\\Users\\${e.localPart}\\Downloads\\${localName(prng.pick(e.files))}`;
    out.push({ time, record: sysmonFileDelete(device, e, time, explorerOf(device), target) });
  }
  // Now and then someone copies a harmless file to a thumb drive for a meeting room.
  if (prng.chance(0.003 * plan.intensity)) {
    const time = sampleTime(plan, prng);
    const harmless = e.files.filter((f) => f.label === 'Public' || f.label === 'Internal');
    for (const f of prng.sample(harmless, prng.int(1, 2))) {
      out.push({
        time,
        record: sysmonFileCreate(
          device,
          e,
          time + out.length,
          explorerOf(device),
          `E:\\${localName(f)}`,
        ),
      });
    }
  }
}

function scripts(day: DayContext, device: Device, out: Emitted[]): void {
  const { ctx, employee: e, plan, prng } = day;
  const domain = ctx.org.company.domain;
  const volumes = departmentProfile(e.department).volumes;
  const sessions = prng.poisson(volumes.scripts * ctx.rate * plan.intensity);
  const longChance = e.department === 'IT' ? 0.03 : e.department === 'Engineering' ? 0.01 : 0;
  const runs = sessions + (prng.chance(longChance * plan.intensity) ? 1 : 0);
  for (let i = 0; i < runs; i++) {
    const time = sampleTime(plan, prng);
    const started = sysmonProcess(
      device,
      e,
      time,
      images.powershell,
      `"${images.powershell.image}"`,
      explorerOf(device),
      prng,
    );
    out.push({ time, record: started.record });
    const long = i >= sessions;
    const blocks = long ? 1 : prng.int(1, 3);
    for (let b = 0; b < blocks; b++) {
      const text = long ? longAdminScript(domain, prng) : everydayScript(e, domain, prng);
      out.push(
        ...scriptBlock(
          device,
          e,
          time + 2_000 + b * prng.int(5_000, 90_000),
          text,
          started.process,
          prng,
        ),
      );
    }
  }
}

function normalDay(day: DayContext): Emitted[] {
  const device = windowsDevice(day.employee.devices);
  if (!device) return [];
  const out: Emitted[] = [];
  processes(day, device, out);
  files(day, device, out);
  scripts(day, device, out);
  return out;
}

/** Windows endpoint telemetry: Sysmon 1/11/23, PowerShell 4104 and Security 1102, EventData flattened. */
export const windowsSource: SourceEmitter = {
  id: 'windows',
  file: 'windows.ndjson',
  format: 'ndjson',
  timeFormat:
    '`TimeCreated`: ISO-8601 UTC with Z; Sysmon also `UtcTime` as YYYY-MM-DD HH:MM:SS.mmm (UTC)',
  countingRule:
    'one record = one event, except PowerShell 4104: the records of one ScriptBlockId (MessageNumber 1..MessageTotal) make one event',
  employeeDay: normalDay,
  eventCount: (r) => (r.EventID === 4104 && r.MessageNumber !== '1' ? 0 : 1),
  actionOf: (r) =>
    r.Channel === 'Security'
      ? `Security ${String(r.EventID)}`
      : r.EventID === 4104
        ? 'PowerShell 4104'
        : `Sysmon ${String(r.EventID)}`,
  sequencer: () => {
    const next = new Map<string, number>();
    return (r: NativeRecord) => {
      const key = `${String(r.Computer)}|${String(r.Channel)}`;
      const n = next.get(key) ?? 10_000 + (hash32(key) % 5_000_000);
      r.EventRecordID = n;
      next.set(key, n + 1);
    };
  },
  serialize: (r) => JSON.stringify(r),
};
