import { z } from 'zod';

import { accessRequestsReplySchema } from '../schemas/findings/access-requests';
import {
  appAccessDailyChartSchema,
  appAccessesQuerySchema,
  appAccessesReplySchema,
  appAccessReplySchema,
  appAccessStatsSchema,
} from '../schemas/findings/app-access';
import { codeReposReplySchema } from '../schemas/findings/code-repos';
import {
  communicationsQuerySchema,
  communicationsReplySchema,
} from '../schemas/findings/communications';
import { competitorMentionsReplySchema } from '../schemas/findings/competitor-mentions';
import { deletionsReplySchema } from '../schemas/findings/deletions';
import { devicesReplySchema } from '../schemas/findings/devices';
import { externalEmailsReplySchema } from '../schemas/findings/external-emails';
import {
  fileAccessReplySchema,
  fileEventsReplySchema,
  filesQuerySchema,
  filesReplySchema,
  fileSankeyReplySchema,
} from '../schemas/findings/file-access';
import { localAppsReplySchema } from '../schemas/findings/local-apps';
import { powershellReplySchema } from '../schemas/findings/powershell';
import {
  securityHygieneDetailSchema,
  securityHygieneReplySchema,
} from '../schemas/findings/security-hygiene';
import { slackDownloadsReplySchema, slackSharesReplySchema } from '../schemas/findings/slack';
import { workingHoursReplySchema } from '../schemas/findings/working-hours';
import type { FindingEndpoint } from './finding-endpoint';
import { pinTable } from './pin-table';
import type { PinTableSpec } from './pin-table';

/**
 * The evidence locker's pages in the brief's order: the slug of each path, its title, and the
 * search parameters the brief names for it. The route table, the palette and the locker's page
 * list read this; each page's screen is `features/evidence/pages/<slug>-page.tsx`.
 */
export const evidencePages = {
  'working-hours': { title: 'Working hours' },
  'security-hygiene': { title: 'Security hygiene' },
  'powershell-commands': { title: 'PowerShell commands' },
  'local-apps': { title: 'Local apps' },
  'file-access': { title: 'File access', searchParams: ['label'] },
  devices: { title: 'Devices' },
  deletions: { title: 'Deletions' },
  'communications-analysis': { title: 'Communications analysis' },
  'code-repos': { title: 'Code repositories' },
  'app-access': { title: 'App access' },
  'access-requests': { title: 'Access requests' },
} as const satisfies Record<string, { title: string; searchParams?: readonly string[] }>;

/** The slug of one evidence page, as it appears in its path. */
export type EvidencePageSlug = keyof typeof evidencePages;

/** Every evidence page slug, in the brief's order. */
export const evidencePageSlugs = Object.keys(evidencePages) as EvidencePageSlug[];

/**
 * Every finding topic, one entry each, keyed by a stable topic id. One detector per topic
 * computes it (`analysis/findings/*.detector.ts`). Topics are listed in the order the locker's
 * summary shows their figures.
 */
export const findingTopics = {
  fileAccess: {
    path: 'findings/file-access',
    page: 'file-access',
    title:
      "File activity by label and action; label 'All Files' (default), a label, or 'Unlabeled'",
    query: filesQuerySchema,
    reply: fileAccessReplySchema,
    // Sensitive file movements to RISKY_DESTINATIONS: the file-access page's "… to risky
    // places" figures summed, and the places the risk score's external transfers count.
    figures: { 'sensitive-leaving': { label: 'Sensitive files to risky places' } },
    anomalies: 'Labelled files that left for a risky place, and files written to removable media',
  },
  fileSankey: {
    path: 'findings/file-access/sankey',
    page: 'file-access',
    title: "Label → action → destination; label 'All Files' (default), a label, or 'Unlabeled'",
    query: filesQuerySchema,
    reply: fileSankeyReplySchema,
  },
  files: {
    path: 'findings/file-access/files',
    page: 'file-access',
    title: "Files handled; label 'All Files' (default), a label, or 'Unlabeled'",
    query: filesQuerySchema,
    reply: filesReplySchema,
    pin: pinTable(filesReplySchema, {
      id: 'file',
      rows: (reply) => reply.files,
      key: (file) => file.id,
      label: (file) =>
        `${file.name ?? file.id} (${file.label})${
          file.destinations.length
            ? ` → ${file.destinations.map((d) => d.replace(/_/g, ' ')).join(', ')}`
            : ''
        }`,
    }),
  },
  fileEvents: {
    path: 'findings/file-access/files/:fileId/events',
    page: 'file-access',
    title: 'Events of one file',
    reply: fileEventsReplySchema,
    params: z.object({ fileId: z.string().max(2000) }),
  },
  devices: {
    path: 'findings/devices',
    page: 'devices',
    title: 'Devices and removable media',
    reply: devicesReplySchema,
    figures: { 'usb-writes': { label: 'Files written to USB' } },
    anomalies: 'Flagged devices',
    pin: pinTable(devicesReplySchema, {
      id: 'device',
      rows: (reply) => reply.devices,
      key: (device) => device.id,
      label: (device) =>
        `${device.name}${device.removableMediaWrites ? `: ${device.removableMediaWrites} USB writes` : ''}`,
    }),
  },
  externalEmails: {
    path: 'findings/external-emails',
    page: 'communications-analysis',
    title: 'Mail outside the company',
    reply: externalEmailsReplySchema,
    figures: { 'personal-email': { label: 'Mails to personal addresses' } },
    anomalies: 'Mails to personal addresses',
    pin: pinTable(externalEmailsReplySchema, {
      id: 'domain',
      rows: (reply) => reply.domains,
      key: (domain) => domain.domain,
      label: (domain) => `${domain.domain} (${domain.kind}): ${domain.messages} mails`,
    }),
  },
  codeRepos: {
    path: 'findings/code-repos',
    page: 'code-repos',
    title: 'Code repositories touched',
    reply: codeReposReplySchema,
    figures: { 'bulk-clones': { label: 'Bulk clone days' } },
    anomalies: 'Days of bulk cloning',
    pin: pinTable(codeReposReplySchema, {
      id: 'repo',
      rows: (reply) => reply.repositories,
      key: (repo) => repo.repository,
      label: (repo) => `${repo.repository}: ${repo.clones} clones, ${repo.downloads} archives`,
    }),
  },
  workingHours: {
    path: 'findings/working-hours',
    page: 'working-hours',
    title: 'When the subject works, in their own zone',
    reply: workingHoursReplySchema,
    figures: { 'off-hours': { label: 'Activity off hours', unit: '%' } },
    anomalies: 'Days that break the usual working pattern',
    pin: pinTable(workingHoursReplySchema, {
      id: 'working-hours',
      rows: (reply) => reply.anomalousDays,
      key: (day) => day.date,
      label: (day) => `${day.date}: ${day.reason}`,
    }),
  },
  securityHygiene: {
    path: 'findings/security-hygiene',
    page: 'security-hygiene',
    title: 'Security hygiene checks',
    reply: securityHygieneReplySchema,
    figures: { hygiene: { label: 'Security issues (high or worse)' } },
    anomalies: 'Checks of medium severity or worse',
    pin: pinTable(securityHygieneReplySchema, {
      id: 'security-hygiene',
      rows: (reply) => reply.items,
      key: (item) => item.id,
      label: (item) => `${item.title}: ${item.count} (${item.severity})`,
    }),
  },
  securityHygieneDetail: {
    path: 'findings/security-hygiene/:detailId',
    page: 'security-hygiene',
    title: 'One security hygiene check and the events behind it',
    reply: securityHygieneDetailSchema,
    params: z.object({ detailId: z.string().min(1).max(60) }),
  },
  powershell: {
    path: 'findings/powershell-pseudo-commands',
    page: 'powershell-commands',
    title: 'Suspicious commands, normalized',
    reply: powershellReplySchema,
    figures: { commands: { label: 'Suspicious commands' } },
    anomalies: 'Suspicious commands',
  },
  deletions: {
    path: 'findings/deletions',
    page: 'deletions',
    title: 'Deleted files, mail and messages',
    reply: deletionsReplySchema,
    figures: { 'deletion-bursts': { label: 'Deletion bursts' } },
    anomalies: 'Deletion bursts',
    pin: pinTable(deletionsReplySchema, {
      id: 'deletions',
      rows: (reply) => reply.bursts,
      key: (burst) => String(burst.start),
      label: (burst) => `Deletion burst: ${burst.files} files, ${burst.mail} mail items`,
    }),
  },
  competitorMentions: {
    path: 'findings/competitor-mentions',
    page: 'communications-analysis',
    title: 'Mentions of competitors',
    reply: competitorMentionsReplySchema,
    figures: { 'competitor-mentions': { label: 'Competitor mentions' } },
    anomalies: 'Messages naming a competitor',
  },
  accessRequests: {
    path: 'findings/access-requests',
    page: 'access-requests',
    title: 'Access requests against peers',
    reply: accessRequestsReplySchema,
    figures: { 'access-requests': { label: 'Unusual access requests' } },
    anomalies: 'Requests that stand out against peers or came after resignation',
    pin: pinTable(accessRequestsReplySchema, {
      id: 'access-request',
      rows: (reply) => reply.requests,
      key: (request) => request.id,
      label: (request) => `${request.resource} – ${request.role ?? 'access'} (${request.status})`,
      // A request is one event: its raw record is hashed with the pin.
      eventIds: (request) => [request.id],
    }),
  },
  slackShares: {
    path: 'findings/slack-shares',
    page: 'communications-analysis',
    title: 'Files shared in chat outside the company',
    reply: slackSharesReplySchema,
  },
  slackDownloads: {
    path: 'findings/slack-downloads',
    page: 'communications-analysis',
    title: 'Files downloaded from chat',
    reply: slackDownloadsReplySchema,
  },
  communications: {
    path: 'findings/communications-analysis',
    page: 'communications-analysis',
    title: 'The subject’s contact graph (hops 1 to 3)',
    query: communicationsQuerySchema,
    reply: communicationsReplySchema,
  },
  localApps: {
    path: 'findings/local-apps',
    page: 'local-apps',
    title: 'Programs run on the subject’s computers',
    reply: localAppsReplySchema,
    anomalies: 'Risky programs that ran',
    pin: pinTable(localAppsReplySchema, {
      id: 'local-app',
      rows: (reply) => reply.apps,
      key: (app) => app.path,
      label: (app) => `${app.name}${app.category ? ` (${app.category})` : ''}: ${app.runs} runs`,
    }),
  },
  appAccess: {
    path: 'findings/app-access',
    page: 'app-access',
    title: 'Applications the subject signed in to',
    reply: appAccessReplySchema,
    anomalies: 'Flagged applications',
    pin: pinTable(appAccessReplySchema, {
      id: 'app-access',
      rows: (reply) => reply.apps,
      key: (app) => app.app,
      label: (app) =>
        `${app.app}: ${app.accesses} accesses${app.flagged ? ` (${app.reasons.join('; ')})` : ''}`,
    }),
  },
  appAccessStats: {
    path: 'findings/app-access/stats',
    page: 'app-access',
    title: 'App access figures',
    reply: appAccessStatsSchema,
  },
  appAccessDailyChart: {
    path: 'findings/app-access/daily-chart',
    page: 'app-access',
    title: 'App accesses per day',
    reply: appAccessDailyChartSchema,
  },
  appAccesses: {
    path: 'findings/app-access/accesses',
    page: 'app-access',
    title: 'App accesses, newest first (cursor paging)',
    query: appAccessesQuerySchema,
    reply: appAccessesReplySchema,
  },
} satisfies Record<
  string,
  FindingEndpoint & {
    page: EvidencePageSlug;
    /** The table of the reply whose rows can be pinned, if any (see pin-table.ts). */
    pin?: PinTableSpec<string, never, unknown>;
  }
>;

/** A topic id such as `workingHours`. */
export type TopicId = keyof typeof findingTopics;
