import { findingTopics } from '../../../shared/findings/catalogue';
import { plural } from '../../../shared/wording';
import type { TopicId } from '../../../shared/findings/catalogue';
import type { Severity } from '../../../shared/schemas/findings/common';
import type { RemediationReply } from '../../../shared/schemas/findings/summary';
import { defineDetector } from './define-detector';
import { sensitiveLeaving } from './file-access.detector';
import type { FindingContext } from './finding-context';
import { findings } from './locker-findings';

/** What to do next, most urgent first; each suggestion links to the page of its topic. */
async function detectRemediation(ctx: FindingContext): Promise<RemediationReply> {
  const f = await findings(ctx);
  const out: Array<Omit<RemediationReply['suggestions'][number], 'priority'>> = [];
  const add = (
    id: string,
    severity: Severity,
    topic: TopicId,
    title: string,
    action: string,
    rationale: string,
  ) =>
    out.push({
      id,
      severity,
      action,
      rationale,
      finding: { page: findingTopics[topic].page, title },
    });
  const tamper = f.securityHygiene.items.filter(
    (i) => (i.id === 'security-tools-tampered' || i.id === 'logs-cleared') && i.count > 0,
  );
  if (tamper.length)
    add(
      'restore-defenses',
      'critical',
      'securityHygiene',
      tamper.map((i) => i.title).join(' and '),
      'Isolate the endpoint, re-enable endpoint protection and collect a forensic image before logs are lost further.',
      `${tamper.reduce((s, i) => s + i.count, 0)} tampering or log-clearing events.`,
    );
  const mfa = f.securityHygiene.items.find((i) => i.id === 'mfa-disabled' && i.count > 0);
  const admin = f.securityHygiene.items.find((i) => i.id === 'admin-rights' && i.count > 0);
  if (mfa || admin)
    add(
      'reset-identity',
      'high',
      'securityHygiene',
      [mfa?.title, admin?.title].filter(Boolean).join(' and '),
      'Re-enroll MFA, revoke the admin rights granted and reset the subject’s sessions and credentials.',
      'Identity controls were weakened during the window.',
    );
  const usb = f.devices.removableMedia.writes;
  if (usb)
    add(
      'usb',
      'high',
      'devices',
      'Removable media writes',
      'Block removable storage for the subject’s devices and recover the drive used.',
      `${plural(usb, 'file was', 'files were')} written to removable media.`,
    );
  const leaving = sensitiveLeaving(f.fileAccess);
  if (leaving.risky || f.externalEmails.summary.personal)
    add(
      'exfiltration',
      leaving.risky >= 10 ? 'high' : 'medium',
      'fileAccess',
      'Sensitive files leaving',
      'Revoke external shares and public links, and ask the personal mail recipients for deletion through Legal.',
      `${plural(leaving.risky, 'sensitive file movement')} to removable media, personal mail or cloud, public links or external shares; ${plural(f.externalEmails.summary.personal, 'mail')} to personal addresses.`,
    );
  if (f.accessRequests.summary.flagged)
    add(
      'access',
      'high',
      'accessRequests',
      'Unusual access requests',
      'Revoke access granted outside the subject’s role, and hold pending requests.',
      `${plural(f.accessRequests.summary.flagged, 'request stands', 'requests stand')} out against peers or came after resignation.`,
    );
  if (f.codeRepos.bulkClones.length)
    add(
      'repos',
      'high',
      'codeRepos',
      'Bulk repository cloning',
      'Revoke the subject’s repository tokens and SSH keys; review what the cloned repositories contain.',
      `${plural(
        f.codeRepos.bulkClones.reduce((s, b) => s + b.repositories, 0),
        'repository',
        'repositories',
      )} cloned in bulk.`,
    );
  if (f.deletions.bursts.length)
    add(
      'deletions',
      'high',
      'deletions',
      'Mass deletion',
      'Restore deleted files from the recycle bins and backups, and place the mailbox on litigation hold.',
      `${plural(f.deletions.summary.files, 'file')} and ${plural(f.deletions.summary.mailItems, 'mail item')} deleted in bursts.`,
    );
  if (f.competitorMentions.mentions.length)
    add(
      'competitor',
      'medium',
      'competitorMentions',
      'Competitor contact',
      'Brief Legal on the competitor contact and preserve the conversations.',
      `${plural(f.competitorMentions.mentions.length, 'message names', 'messages name')} a competitor.`,
    );
  if (f.workingHours.anomalousDays.length >= 3)
    add(
      'hours',
      'medium',
      'workingHours',
      'After-hours shift',
      'Ask the manager whether the after-hours work was expected before drawing conclusions.',
      `${plural(f.workingHours.anomalousDays.length, 'day')} broke the usual pattern.`,
    );
  const risky = f.localApps.apps.filter((a) => a.risky);
  if (risky.length)
    add(
      'apps',
      'medium',
      'localApps',
      'Risky local software',
      'Remove unapproved sync, archiving or remote-access tools and check what they moved.',
      `${risky.length === 1 ? 'One tool that can move or hide data ran' : `${risky.length} tools that can move or hide data ran`} on the subject’s devices: ${risky
        .map(
          (a) =>
            `${a.name}${a.category ? ` (${a.category})` : ''}, run ${a.runs} ${a.runs === 1 ? 'time' : 'times'}`,
        )
        .join('; ')}.`,
    );
  const rank: Severity[] = ['critical', 'high', 'medium', 'low', 'none'];
  return {
    suggestions: out
      .sort((a, b) => rank.indexOf(a.severity) - rank.indexOf(b.severity))
      .map((s, i) => ({ ...s, priority: i + 1 })),
  };
}

/** GET /investigations/{id}/remediation-suggestions. */
export const remediationDetector = defineDetector('remediation', detectRemediation);
