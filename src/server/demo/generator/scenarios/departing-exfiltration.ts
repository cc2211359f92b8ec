import { formatDate, fromDayNumber } from '../calendar';
import { personalEmailDomains } from '../catalog/outside-world';
import { isSensitive } from '../catalog/labels';
import { windowsDevice } from '../org-devices';
import type { Device, Employee, FileItem } from '../org-types';
import type { Prng } from '../prng';
import { googleActivity, driveAccessEvent } from '../sources/google-workspace';
import { githubEvent } from '../sources/github';
import { exchangeSendRecord, sharePointFileRecord } from '../sources/m365-records';
import { browserProcess, localName } from '../sources/windows';
import { images } from '../sources/windows-catalog';
import {
  explorerOf,
  scriptBlock,
  sysmonFileCreate,
  sysmonProcess,
  type ProcessRef,
} from '../sources/windows-records';
import { Injection, ipAt, localTime, personalAddress, pickWeekday, spread } from './injection';
import type { ScenarioContext, ScenarioDefinition, ScenarioPlan } from './types';

/** Sensitive documents the person can reach: their department's, the intranet's and their own. */
function reachableSensitiveFiles(ctx: ScenarioContext): FileItem[] {
  const e = ctx.subject;
  return ctx.org.files.filter(
    (f) =>
      isSensitive(f.label) &&
      (f.department === e.department || f.department === 'All') &&
      (f.store !== 'onedrive' || f.ownerEmail === e.email),
  );
}

/** Downloading one file from wherever it lives, and the browser writing it to disk. */
function injectDownload(
  inj: Injection,
  ctx: ScenarioContext,
  file: FileItem,
  time: number,
  ip: string,
  device: Device | undefined,
): void {
  const { company } = ctx.org;
  const e = ctx.subject;
  const { prng } = ctx;
  if (file.store === 'drive') {
    inj.add(
      'google-workspace',
      time,
      googleActivity(company, e, time, 'drive', ip, [driveAccessEvent(file, 'download')], prng),
    );
  } else {
    inj.add('m365', time, sharePointFileRecord(company, e, file, 'FileDownloaded', time, ip, prng));
  }
  if (device) {
    const t = time + prng.int(1_500, 9_000);
    inj.add(
      'windows',
      t,
      sysmonFileCreate(
        device,
        e,
        t,
        browserProcess(device, t, prng),
        `C:\\Users\\${e.localPart}\\Downloads\\${localName(file)}`,
      ),
    );
  }
}

function archive(inj: Injection, e: Employee, device: Device, time: number, prng: Prng): string {
  const zip = `C:\\Users\\${e.localPart}\\Documents\\personal_backup.zip`;
  const source = `C:\\Users\\${e.localPart}\\Downloads\\*`;
  if (prng.chance(0.5)) {
    const cmd = `"${images.sevenZip.image}" a -tzip ${zip} ${source}`;
    const started = sysmonProcess(device, e, time, images.sevenZip, cmd, explorerOf(device), prng);
    inj.add('windows', time, started.record);
    inj.add(
      'windows',
      time + 40_000,
      sysmonFileCreate(device, e, time + 40_000, started.process, zip),
    );
  } else {
    const started = sysmonProcess(
      device,
      e,
      time,
      images.powershell,
      `"${images.powershell.image}"`,
      explorerOf(device),
      prng,
    );
    inj.add('windows', time, started.record);
    inj.addAll(
      'windows',
      scriptBlock(
        device,
        e,
        time + 15_000,
        `Compress-Archive -Path ${source} -DestinationPath ${zip} -CompressionLevel Optimal -Force`,
        started.process,
        prng,
      ),
    );
    inj.add(
      'windows',
      time + 60_000,
      sysmonFileCreate(device, e, time + 60_000, started.process, zip),
    );
  }
  return zip;
}

function usbCopy(
  inj: Injection,
  e: Employee,
  device: Device,
  times: readonly number[],
  names: readonly string[],
  prng: Prng,
): void {
  let copier: ProcessRef = explorerOf(device);
  const first = times[0] ?? 0;
  if (prng.chance(0.4)) {
    const cmd = `"${images.robocopy.image}" C:\\Users\\${e.localPart}\\Downloads E:\\Backup /E /R:1`;
    const started = sysmonProcess(
      device,
      e,
      first - 5_000,
      images.robocopy,
      cmd,
      explorerOf(device),
      prng,
    );
    inj.add('windows', first - 5_000, started.record);
    copier = started.process;
  }
  names.forEach((name, i) => {
    const t = times[i] ?? first + i;
    inj.add('windows', t, sysmonFileCreate(device, e, t, copier, `E:\\Backup\\${name}`));
  });
}

function plan(ctx: ScenarioContext): ScenarioPlan {
  const { prng, subject: e, org } = ctx;
  const inj = new Injection(ctx.index);
  const device = windowsDevice(e.devices);
  const resign = pickWeekday(ctx, 0.45, 0.65);
  const day = (offset: number): number => Math.min(resign + offset, ctx.lastDay);
  const resignationDate = formatDate(fromDayNumber(resign));
  const departureDate = formatDate(fromDayNumber(resign + 14));

  const files = prng.sample(reachableSensitiveFiles(ctx), prng.int(15, 30));
  const downloadTimes = [
    ...spread(e, day(1), 10, 12.5, Math.ceil(files.length / 2), prng),
    ...spread(e, day(1), 19, 21.5, files.length, prng),
  ];
  files.forEach((f, i) => {
    const t = downloadTimes[i] ?? downloadTimes[0] ?? 0;
    injectDownload(inj, ctx, f, t, ipAt(e, i < files.length / 2 ? 11 : 20), device);
  });

  const cloned: string[] = [];
  if (e.githubLogin) {
    const repos = prng.sample(org.repos, prng.int(6, 12));
    for (const [i, t] of spread(e, day(1), 21, 22.5, repos.length, prng).entries()) {
      const repo = repos[i]?.fullName ?? '';
      cloned.push(repo);
      inj.add('github', t, githubEvent(org.company, e, 'git.clone', repo, t, e.homeIp, prng));
    }
  }

  const archived = device !== undefined && prng.chance(0.75);
  const zip =
    archived && device
      ? archive(inj, e, device, localTime(e, day(2), 20 + prng.range(0, 1.5)), prng)
      : null;

  if (device) {
    const names = files.map(localName).slice(0, prng.int(10, 25));
    const copied = zip ? ['personal_backup.zip', ...names.slice(0, prng.int(4, 8))] : names;
    usbCopy(inj, e, device, spread(e, day(3), 18.5, 19.5, copied.length, prng), copied, prng);
  }

  const address = personalAddress(e, personalEmailDomains, prng);
  const mails = prng.int(3, 6);
  const subjects = ['Fw: files', 'backup', 'for home', 'docs', 'stuff 2', 'Fw: latest versions'];
  for (const [i, t] of spread(e, day(4), 20, 23, mails, prng).entries()) {
    const attached = prng
      .sample(files, prng.int(1, 3))
      .map((f) => ({ name: localName(f), size: f.size }));
    const attachments =
      zip && i === 0
        ? [{ name: 'personal_backup.zip', size: 18_400_000 + prng.int(0, 5_000_000) }]
        : attached;
    inj.add(
      'm365',
      t,
      exchangeSendRecord(
        org.company,
        e,
        t,
        e.homeIp,
        { subject: subjects[i % subjects.length] ?? 'files', recipients: [address], attachments },
        prng,
      ),
    );
  }

  const techniques = [
    'T1052.001',
    'T1048',
    ...(archived ? ['T1560'] : []),
    ...(cloned.length > 0 ? ['T1213.003'] : []),
  ];
  return inj.finish(ctx, 'departing-exfiltration', {
    techniques,
    summary: `Resigned on ${resignationDate}; downloaded ${files.length} sensitive files, ${zip ? 'archived them, ' : ''}copied them to USB and mailed them to ${address}.`,
    resignation: { resignationDate, departureDate },
    details: {
      resignationDate,
      departureDate,
      personalEmail: address,
      archived,
      usbDrive: 'E:\\',
      clonedRepos: cloned,
      files: files.map((f) => f.name),
    },
  });
}

/** A resignation followed by a spike of sensitive downloads, USB copies and mail to a personal address. */
export const departingExfiltration: ScenarioDefinition = {
  id: 'departing-exfiltration',
  description:
    'Resigns, then downloads sensitive files, archives them, copies them to USB and mails them to a personal address.',
  eligible: (e) => windowsDevice(e.devices) !== undefined,
  plan,
};
