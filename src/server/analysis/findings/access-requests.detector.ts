import { REQUEST_STATUSES } from '../../../shared/schemas/findings/access-requests';
import type {
  AccessRequestRow,
  AccessRequestsReply,
} from '../../../shared/schemas/findings/access-requests';
import { readJson } from '../../db/dialect';
import {
  accessRequestEvents,
  departmentPeers,
  requestersByResource,
} from '../../db/queries/findings/access-requests';
import { firstActivityBefore } from '../../db/queries/findings/first-activity';
import { firstTimeOfActivity } from '../../db/queries/findings/history';
import { defineDetector, severityAt } from './define-detector';
import type { FindingContext } from './finding-context';
import type { PeopleDirectory } from './people';
import { peopleDirectory } from './people';
import { accessRequestsParts } from './access-requests.report';
import { peerSpan } from './peer-span';

/** Below this share of department peers asking for the same resource, a request is unusual. */
const PEER_NORM = 0.2;
const PRIVILEGED = /admin|owner|super|full access|root|dba|payroll|all employees|compensation/i;

function text(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

/** GET findings/access-requests: what the subject asked for, against what their peers ask for. */
async function detectAccessRequests(ctx: FindingContext): Promise<AccessRequestsReply> {
  const department = ctx.subject.department;
  const [events, peers, resignedEvent, firstActivity] = await Promise.all([
    accessRequestEvents(ctx.db, ctx.dialect, ctx.subject.id, ctx.window),
    departmentPeers(ctx.db, ctx.subject.id, department),
    // The earliest resignation record (HR), from the subject's rollup.
    firstTimeOfActivity(ctx.db, ctx.subject.id, 'hr_resignation'),
    firstActivityBefore(ctx.db, ctx.build, ctx.window.end),
  ]);
  const declared = ctx.subject.resignation_date
    ? Date.parse(`${ctx.subject.resignation_date}T00:00:00Z`)
    : null;
  const resigned = resignedEvent ?? (Number.isNaN(declared) ? null : declared);
  const resources = [...new Set(events.map((e) => e.target ?? '').filter(Boolean))];
  // The peers' requests over the subject's history and the year before the window, up to its
  // end (see peerSpan): requests made after the window, or before both the subject's first
  // activity and that year, no longer count towards a resource's share.
  const span = peerSpan(ctx.window, firstActivity);
  const counts = new Map(
    (await requestersByResource(ctx.db, peers, resources, span)).map((r) => [
      r.resource,
      r.requesters,
    ]),
  );
  const approvers = events
    .map((e) => text(readJson<Record<string, unknown>>(e.attributes).approver))
    .filter((a): a is string => a !== null);
  const people: PeopleDirectory = await peopleDirectory(ctx.db, approvers, ctx.identity);

  const requests: AccessRequestRow[] = events.map((event) => {
    const attributes = readJson<Record<string, unknown>>(event.attributes);
    const resource = event.target ?? 'Unknown resource';
    const role = text(attributes.role);
    const peerShare = peers.length ? (counts.get(resource) ?? 0) / peers.length : 0;
    const outsidePeerNorm = peerShare < PEER_NORM;
    const privileged = PRIVILEGED.test(`${role ?? ''} ${resource}`);
    const afterResignation = resigned !== null && event.time >= resigned;
    const reasons: string[] = [];
    if (afterResignation) reasons.push('asked for after the subject resigned');
    if (outsidePeerNorm && privileged)
      reasons.push(
        `privileged access that ${Math.round(peerShare * 100)}% of ${department ?? 'department'} peers asked for`,
      );
    const approver = text(attributes.approver);
    return {
      id: String(event.id),
      time: event.time,
      number: text(attributes.number),
      resource,
      role,
      status: text(attributes.status) ?? event.outcome,
      approver: approver ? people.label(approver) : null,
      justification: text(attributes.justification),
      peerShare: Math.round(peerShare * 1000) / 1000,
      outsidePeerNorm,
      privileged,
      afterResignation,
      flagged: reasons.length > 0,
      reasons,
    };
  });
  const status = (r: AccessRequestRow, words: RegExp) => words.test(r.status);
  const { approved, pending, rejected } = REQUEST_STATUSES;
  return {
    window: ctx.window,
    department,
    peers: peers.length,
    resignationDate: resigned === null ? null : new Date(resigned).toISOString().slice(0, 10),
    requests: requests.sort((a, b) => Number(b.flagged) - Number(a.flagged) || b.time - a.time),
    summary: {
      total: requests.length,
      flagged: requests.filter((r) => r.flagged).length,
      approved: requests.filter((r) => status(r, approved)).length,
      pending: requests.filter((r) => status(r, pending)).length,
      rejected: requests.filter((r) => status(r, rejected)).length,
    },
  };
}

/** Access requests: those that stand out against department peers or came after resignation. */
export const accessRequestsDetector = defineDetector('accessRequests', detectAccessRequests, {
  ...accessRequestsParts,
  figures: ({ accessRequests }) => {
    // Flagged in code (peers, resignation), not by columns: the link names the requests.
    const flagged = accessRequests.requests.filter((r) => r.flagged).map((r) => r.id);
    return {
      'access-requests': {
        value: accessRequests.summary.flagged,
        severity: severityAt(accessRequests.summary.flagged, 2),
        ...(flagged.length ? { events: { ids: flagged.join(',') } } : {}),
      },
    };
  },
  anomalies: ({ accessRequests }) => accessRequests.summary.flagged,
});
