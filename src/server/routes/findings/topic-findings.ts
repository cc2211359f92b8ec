import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

import { accessRequestsReplySchema } from '../../../shared/schemas/findings/access-requests';
import { codeReposReplySchema } from '../../../shared/schemas/findings/code-repos';
import { windowQuerySchema } from '../../../shared/schemas/findings/common';
import {
  communicationsQuerySchema,
  communicationsReplySchema,
} from '../../../shared/schemas/findings/communications';
import { competitorMentionsReplySchema } from '../../../shared/schemas/findings/competitor-mentions';
import { deletionsReplySchema } from '../../../shared/schemas/findings/deletions';
import { devicesReplySchema } from '../../../shared/schemas/findings/devices';
import { externalEmailsReplySchema } from '../../../shared/schemas/findings/external-emails';
import { localAppsReplySchema } from '../../../shared/schemas/findings/local-apps';
import { powershellReplySchema } from '../../../shared/schemas/findings/powershell';
import {
  securityHygieneDetailSchema,
  securityHygieneReplySchema,
} from '../../../shared/schemas/findings/security-hygiene';
import {
  slackDownloadsReplySchema,
  slackSharesReplySchema,
} from '../../../shared/schemas/findings/slack';
import { workingHoursReplySchema } from '../../../shared/schemas/findings/working-hours';
import { detectAccessRequests } from '../../analysis/findings/access-requests.detector';
import { detectCodeRepos } from '../../analysis/findings/code-repos.detector';
import { detectCommunications } from '../../analysis/findings/communications.detector';
import { detectCompetitorMentions } from '../../analysis/findings/competitor-mentions.detector';
import { detectDeletions } from '../../analysis/findings/deletions.detector';
import { detectDevices } from '../../analysis/findings/devices.detector';
import { detectExternalEmails } from '../../analysis/findings/external-emails.detector';
import { detectLocalApps } from '../../analysis/findings/local-apps.detector';
import { detectPowershell } from '../../analysis/findings/powershell.detector';
import {
  detectSecurityHygiene,
  detectSecurityHygieneDetail,
} from '../../analysis/findings/security-hygiene.detector';
import { detectSlackDownloads, detectSlackShares } from '../../analysis/findings/slack.detector';
import { detectWorkingHours } from '../../analysis/findings/working-hours.detector';
import { defineFinding, findingParams } from './define-finding';

const base = '/investigations/:id/findings';
const w = windowQuerySchema;

/** The finding endpoints that take only `?window`, one detector each. */
export const topicFindingRoutes: FastifyPluginAsync = async (app) => {
  defineFinding(app, {
    path: `${base}/working-hours`,
    page: 'working-hours',
    summary: 'When the subject works, in their own zone',
    query: w,
    reply: workingHoursReplySchema,
    run: detectWorkingHours,
  });
  defineFinding(app, {
    path: `${base}/security-hygiene`,
    page: 'security-hygiene',
    summary: 'Security hygiene checks',
    query: w,
    reply: securityHygieneReplySchema,
    run: detectSecurityHygiene,
  });
  defineFinding(app, {
    path: `${base}/security-hygiene/:detailId`,
    page: 'security-hygiene',
    summary: 'One security hygiene check and the events behind it',
    query: w,
    reply: securityHygieneDetailSchema,
    params: findingParams.extend({ detailId: z.string().min(1).max(60) }),
    run: (ctx, _query, params) => detectSecurityHygieneDetail(ctx, params.detailId),
  });
  defineFinding(app, {
    path: `${base}/devices`,
    page: 'devices',
    summary: 'Devices and removable media',
    query: w,
    reply: devicesReplySchema,
    run: detectDevices,
  });
  defineFinding(app, {
    path: `${base}/access-requests`,
    page: 'access-requests',
    summary: 'Access requests against peers',
    query: w,
    reply: accessRequestsReplySchema,
    run: detectAccessRequests,
  });
  defineFinding(app, {
    path: `${base}/code-repos`,
    page: 'code-repos',
    summary: 'Code repositories touched',
    query: w,
    reply: codeReposReplySchema,
    run: detectCodeRepos,
  });
  defineFinding(app, {
    path: `${base}/competitor-mentions`,
    page: 'communications-analysis',
    summary: 'Mentions of competitors',
    query: w,
    reply: competitorMentionsReplySchema,
    run: detectCompetitorMentions,
  });
  defineFinding(app, {
    path: `${base}/external-emails`,
    page: 'communications-analysis',
    summary: 'Mail outside the company',
    query: w,
    reply: externalEmailsReplySchema,
    run: detectExternalEmails,
  });
  defineFinding(app, {
    path: `${base}/slack-shares`,
    page: 'communications-analysis',
    summary: 'Files shared in chat outside the company',
    query: w,
    reply: slackSharesReplySchema,
    run: detectSlackShares,
  });
  defineFinding(app, {
    path: `${base}/slack-downloads`,
    page: 'communications-analysis',
    summary: 'Files downloaded from chat',
    query: w,
    reply: slackDownloadsReplySchema,
    run: detectSlackDownloads,
  });
  defineFinding(app, {
    path: `${base}/local-apps`,
    page: 'local-apps',
    summary: 'Programs run on the subject’s computers',
    query: w,
    reply: localAppsReplySchema,
    run: detectLocalApps,
  });
  defineFinding(app, {
    path: `${base}/powershell-pseudo-commands`,
    page: 'powershell-commands',
    summary: 'Suspicious commands, normalized',
    query: w,
    reply: powershellReplySchema,
    run: detectPowershell,
  });
  defineFinding(app, {
    path: `${base}/communications-analysis`,
    page: 'communications-analysis',
    summary: 'The subject’s contact graph (hops 1 to 3)',
    query: communicationsQuerySchema,
    reply: communicationsReplySchema,
    run: (ctx, query) => detectCommunications(ctx, query.hops),
  });
  defineFinding(app, {
    path: `${base}/deletions`,
    page: 'deletions',
    summary: 'Deleted files, mail and messages',
    query: w,
    reply: deletionsReplySchema,
    run: detectDeletions,
  });
};
