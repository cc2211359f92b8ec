import { windowsDevice } from '../org-devices';
import { makeFile } from '../org-files';
import type { FileItem } from '../org-types';
import type { Prng } from '../prng';
import { driveAccessEvent, googleActivity } from '../sources/google-workspace';
import { everydaySubject } from '../sources/m365';
import { exchangeDeleteRecord, sharePointFileRecord } from '../sources/m365-records';
import { localName } from '../sources/windows';
import { images } from '../sources/windows-catalog';
import { explorerOf, sysmonFileDelete, sysmonProcess } from '../sources/windows-records';
import { Injection, ipAt, pickWeekday, spread } from './injection';
import type { ScenarioContext, ScenarioDefinition, ScenarioPlan } from './types';

const PROJECTS = ['Apollo', 'Borealis', 'Cascade', 'Delta', 'Ember'];
const KINDS = ['Notes', 'Analysis', 'Draft', 'Data', 'Review', 'Plan'];
const EXTENSIONS = ['docx', 'xlsx', 'pptx', 'pdf'];

/** Project folders full of files: there is far more to delete than the usual working set. */
function bulkFiles(
  ctx: ScenarioContext,
  store: FileItem['store'],
  count: number,
  prng: Prng,
): FileItem[] {
  const e = ctx.subject;
  const out: FileItem[] = [];
  for (let i = 0; i < count; i++) {
    const name = `${prng.pick(PROJECTS)} ${prng.pick(KINDS)} ${String(i + 1).padStart(3, '0')}.${prng.pick(EXTENSIONS)}`;
    const file = makeFile(prng, ctx.org.company, {
      name,
      store,
      department: e.department,
      label: prng.pick([
        null,
        'Internal',
        'Confidential',
        'Confidential',
        'Highly Confidential',
      ] as const),
      ownerEmail: e.email,
      site: store === 'drive' ? e.department : '',
    });
    out.push(
      store === 'drive'
        ? file
        : { ...file, folder: `Documents/Projects/${name.split(' ')[0] ?? 'Misc'}` },
    );
  }
  return out;
}

function plan(ctx: ScenarioContext): ScenarioPlan {
  const { prng, subject: e, org } = ctx;
  const inj = new Injection(ctx.index);
  const day = pickWeekday(ctx, 0.55, 0.9);
  const from = prng.range(17.5, 18.5);
  const to = from + prng.range(1, 2);
  const ip = ipAt(e, from);

  const own = e.files.filter((f) => f.store !== 'drive' && f.ownerEmail === e.email);
  const spFiles = [...own, ...bulkFiles(ctx, 'onedrive', prng.int(150, 300) - own.length, prng)];
  spread(e, day, from, to, spFiles.length, prng).forEach((t, i) => {
    const f = spFiles[i] as FileItem;
    inj.add('m365', t, sharePointFileRecord(org.company, e, f, 'FileDeleted', t, ip, prng));
  });

  const driveFiles = bulkFiles(ctx, 'drive', prng.int(50, 120), prng);
  spread(e, day, from, to, driveFiles.length, prng).forEach((t, i) => {
    const f = driveFiles[i] as FileItem;
    // Trash first; about half are then purged for good.
    inj.add(
      'google-workspace',
      t,
      googleActivity(
        org.company,
        e,
        t,
        'drive',
        ip,
        [driveAccessEvent(f, 'trash', 'private')],
        prng,
      ),
    );
    if (prng.chance(0.5)) {
      const t2 = t + prng.int(30_000, 600_000);
      inj.add(
        'google-workspace',
        t2,
        googleActivity(
          org.company,
          e,
          t2,
          'drive',
          ip,
          [driveAccessEvent(f, 'delete', 'private')],
          prng,
        ),
      );
    }
  });

  const device = windowsDevice(e.devices);
  if (device) {
    const start = spread(e, day, from, from + 0.1, 1, prng)[0] ?? 0;
    const cmd = `"${images.cmd.image}" /c rd /s /q "C:\\Users\\${e.localPart}\\Documents\\Projects"`;
    const shell = sysmonProcess(device, e, start, images.cmd, cmd, explorerOf(device), prng);
    inj.add('windows', start, shell.record);
    const local = [...spFiles, ...driveFiles].slice(0, prng.int(100, 250));
    spread(e, day, from + 0.1, from + 0.4, local.length, prng).forEach((t, i) => {
      const f = local[i] as FileItem;
      const path = `C:\\Users\\${e.localPart}\\Documents\\Projects\\${localName(f)}`;
      inj.add('windows', t, sysmonFileDelete(device, e, t, shell.process, path));
    });
  }

  const mailDeletes = prng.int(40, 120);
  let items = 0;
  spread(e, day, from, to, mailDeletes, prng).forEach((t) => {
    const subjects = Array.from({ length: prng.int(1, 10) }, () => everydaySubject(e, prng));
    items += subjects.length;
    inj.add('m365', t, exchangeDeleteRecord(org.company, e, 'HardDelete', t, ip, subjects, prng));
  });

  return inj.finish(ctx, 'mass-deletion', {
    techniques: ['T1070.004', 'T1485'],
    summary: `Deleted ${spFiles.length} OneDrive/SharePoint files, ${driveFiles.length} Drive files, local project folders and ${items} mail items in about ${(to - from).toFixed(1)} hours.`,
    details: {
      sharePointFiles: spFiles.length,
      driveFiles: driveFiles.length,
      mailItemsHardDeleted: items,
    },
  });
}

/** Hundreds of deletions across SharePoint, Drive, the laptop and the mailbox in one burst. */
export const massDeletion: ScenarioDefinition = {
  id: 'mass-deletion',
  description:
    'Deletes hundreds of files (SharePoint, Drive, the laptop) and hard-deletes mail in a short burst.',
  eligible: (e) => windowsDevice(e.devices) !== undefined,
  plan,
};
