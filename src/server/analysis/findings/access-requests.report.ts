import { formatCount, plural } from '../../../shared/wording';
import type { DetectorParts } from './define-detector';
import { listCell, shareCell, shareColumn, timeColumn } from './topic-report';

/** What the summary, the remediation and the report say of access requests. */
export const accessRequestsParts: DetectorParts<'accessRequests'> = {
  narrative: ({ accessRequests }) => ({
    lead: accessRequests.resignationDate
      ? [`The subject resigned on ${accessRequests.resignationDate}.`]
      : [],
    lines: accessRequests.summary.flagged
      ? [
          `${plural(accessRequests.summary.flagged, 'access request stands', 'access requests stand')} out against department peers or came after resignation.`,
        ]
      : [],
  }),
  remediation: ({ accessRequests }) =>
    accessRequests.summary.flagged
      ? [
          {
            id: 'access',
            severity: 'high',
            urgency: 5,
            title: 'Unusual access requests',
            action: 'Revoke access granted outside the subject’s role, and hold pending requests.',
            rationale: `${plural(accessRequests.summary.flagged, 'request stands', 'requests stand')} out against peers or came after resignation.`,
          },
        ]
      : [],
  report: {
    facts: (requests) => [
      { label: 'Requests', value: formatCount(requests.summary.total) },
      { label: 'Resignation date', value: requests.resignationDate ?? '—' },
    ],
    tables: (requests) => [
      {
        name: 'requests',
        title: 'Access requests',
        columns: [
          timeColumn('Time'),
          { name: 'Resource' },
          { name: 'Role' },
          { name: 'Status' },
          { name: 'Flagged' },
          shareColumn('Peers asking'),
          { name: 'Why' },
        ],
        rows: requests.requests.map((r) => [
          r.time,
          r.resource,
          r.role,
          r.status,
          r.flagged,
          shareCell(r.peerShare),
          listCell(r.reasons),
        ]),
      },
    ],
  },
};
