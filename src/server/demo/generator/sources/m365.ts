import { departmentProfile } from '../catalog/departments';
import { customerDomains, customerNames, productNames } from '../catalog/outside-world';
import { fillMessage, mailSubjects } from '../catalog/messages';
import { usualColleagues } from '../colleagues';
import type { Employee, FileItem, Organization } from '../org-types';
import type { Prng } from '../prng';
import { sampleTime, sessionAt } from '../rhythm';
import type { DayContext, Emitted, NativeRecord, SourceEmitter } from '../source-types';
import {
  exchangeDeleteRecord,
  exchangeSendRecord,
  sharePointFileRecord,
  sharePointSharingRecord,
} from './m365-records';

const FILE_MIX: readonly (readonly [string, number])[] = [
  ['FileAccessed', 55],
  ['FileModified', 18],
  ['FileDownloaded', 8],
  ['FilePreviewed', 6],
  ['FileUploaded', 5],
  ['FileSyncDownloadedFull', 2],
  ['SharingSet', 2],
  ['FileCopied', 1],
  ['FileMoved', 1],
  ['FileDeleted', 1],
];

/** A subject line for everyday mail from someone in this department. */
export function everydaySubject(e: Employee, prng: Prng): string {
  const own = mailSubjects[e.department] ?? [];
  const template =
    own.length > 0 && prng.chance(0.6) ? prng.pick(own) : prng.pick(mailSubjects.common);
  return fillMessage(template, {
    customer: prng.pick(customerNames),
    product: prng.pick(productNames),
    repo: e.repos[0] ?? 'web-frontend',
    quarter: prng.int(1, 4),
  });
}

function recipients(org: Organization, e: Employee, external: boolean, prng: Prng): string[] {
  if (external) {
    const domain = prng.pick(customerDomains);
    const names = [
      'jsmith',
      'procurement',
      'a.khan',
      'mlopez',
      'it-admin',
      'sarah.k',
      'ops',
      'legal',
    ];
    return prng.sample(names, prng.int(1, 2)).map((n) => `${n}@${domain}`);
  }
  const pool = usualColleagues(org, e);
  const chosen = pool.length > 0 ? prng.sample(pool, prng.int(1, 3)) : [];
  return chosen.map((c) => c.email);
}

function fileOps(day: DayContext, out: Emitted[]): void {
  const { ctx, employee: e, plan, prng } = day;
  const { company } = ctx.org;
  const files = e.files.filter((f) => f.store !== 'drive');
  const n =
    files.length === 0
      ? 0
      : prng.poisson(
          departmentProfile(e.department).volumes.sharepoint * ctx.rate * plan.intensity,
        );
  const colleagues = usualColleagues(ctx.org, e);
  for (let i = 0; i < n; i++) {
    const time = sampleTime(plan, prng);
    const ip = sessionAt(plan, time)?.ip ?? e.homeIp;
    const op = prng.weighted(FILE_MIX);
    // People only delete what they own; otherwise they read it.
    let file: FileItem = prng.pick(files);
    if (op === 'FileDeleted') {
      const own = files.filter((f) => f.ownerEmail === e.email);
      if (own.length === 0) continue;
      file = prng.pick(own);
    }
    const record =
      op === 'SharingSet'
        ? colleagues.length === 0
          ? null
          : sharePointSharingRecord(
              company,
              e,
              file,
              'SharingSet',
              time,
              ip,
              prng,
              prng.pick(colleagues).email,
            )
        : sharePointFileRecord(company, e, file, op, time, ip, prng, copyTarget(op, file));
    if (record) out.push({ time, record });
  }
}

function copyTarget(op: string, file: FileItem): NativeRecord {
  if (op !== 'FileCopied' && op !== 'FileMoved') return {};
  const folder =
    op === 'FileCopied' ? `${file.folder}/Archive` : file.folder.replace(/[^/]+$/, 'Working');
  return {
    DestinationRelativeUrl: folder,
    DestinationFileName:
      op === 'FileCopied' ? file.name.replace(/(\.[^.]+)?$/, ' - Copy$1') : file.name,
    DestinationFileExtension: file.extension,
  };
}

function mail(day: DayContext, out: Emitted[]): void {
  const { ctx, employee: e, plan, prng } = day;
  const { company } = ctx.org;
  const profile = departmentProfile(e.department);
  const sends = prng.poisson(profile.volumes.mail * ctx.rate * plan.intensity);
  for (let i = 0; i < sends; i++) {
    const time = sampleTime(plan, prng);
    const ip = sessionAt(plan, time)?.ip ?? e.homeIp;
    const to = recipients(ctx.org, e, prng.chance(profile.externalMail), prng);
    if (to.length === 0) continue;
    const attachments = prng.chance(0.2)
      ? prng
          .sample(e.files, prng.int(1, 2))
          .map((f) => ({ name: f.extension ? f.name : `${f.name}.pdf`, size: f.size }))
      : [];
    const record = exchangeSendRecord(
      company,
      e,
      time,
      ip,
      { subject: everydaySubject(e, prng), recipients: to, attachments },
      prng,
    );
    out.push({ time, record });
  }
  const deletes: [op: 'MoveToDeletedItems' | 'SoftDelete' | 'HardDelete', lambda: number][] = [
    ['MoveToDeletedItems', 1.2],
    ['SoftDelete', 0.15],
    ['HardDelete', 0.03],
  ];
  for (const [op, lambda] of deletes) {
    const n = prng.poisson(lambda * ctx.rate * plan.intensity);
    for (let i = 0; i < n; i++) {
      const time = sampleTime(plan, prng);
      const ip = sessionAt(plan, time)?.ip ?? e.homeIp;
      const subjects = Array.from({ length: prng.int(1, 3) }, () => everydaySubject(e, prng));
      out.push({ time, record: exchangeDeleteRecord(company, e, op, time, ip, subjects, prng) });
    }
  }
}

function normalDay(day: DayContext): Emitted[] {
  const out: Emitted[] = [];
  fileOps(day, out);
  mail(day, out);
  return out;
}

/** Microsoft 365 Unified Audit Log: SharePoint/OneDrive file operations and Exchange mailbox actions. */
export const m365Source: SourceEmitter = {
  id: 'm365',
  file: 'm365.ndjson',
  format: 'ndjson',
  timeFormat: '`CreationTime`: YYYY-MM-DDTHH:MM:SS, UTC implied, no zone',
  countingRule: 'one record = one event (a mailbox delete with several AffectedItems is one event)',
  employeeDay: normalDay,
  eventCount: () => 1,
  actionOf: (r) => String(r.Operation),
  serialize: (r) => JSON.stringify(r),
};
