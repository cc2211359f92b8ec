import { REQUEST_STATUSES } from '../../../../shared/schemas/findings/access-requests';
import type {
  AccessRequestRow,
  AccessRequestsReply,
} from '../../../../shared/schemas/findings/access-requests';
import { useTopic } from '../../../api/findings/topics';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { EvidencePage, useEvidencePage } from '../evidence-page';
import { timelineTo } from '../parts/timeline-link';
import { dateTimeColumn, percentColumn } from '../parts/columns';
import { FindingTable } from '../parts/finding-table';
import { pinFinding } from '../parts/pins';
import { Section, Tag } from '../parts/section';

const columns: DataTableColumn<AccessRequestRow>[] = [
  dateTimeColumn('time', 'Requested', (r) => r.time, 160),
  { id: 'resource', header: 'Resource', value: (r) => r.resource },
  { id: 'role', header: 'Role', value: (r) => r.role, width: 160 },
  { id: 'status', header: 'Status', value: (r) => r.status, width: 100 },
  percentColumn('peers', 'Peers', (r) => r.peerShare, 70),
  {
    id: 'flags',
    header: 'Why it stands out',
    value: (r) => r.reasons.join('; '),
    cell: (r) => (r.flagged ? <Tag tone="danger">{r.reasons.join('; ')}</Tag> : ''),
  },
  {
    id: 'approver',
    header: 'Approver',
    value: (r) => r.approver,
    width: 200,
    hiddenByDefault: true,
  },
  {
    id: 'justification',
    header: 'Justification',
    value: (r) => r.justification,
    hiddenByDefault: true,
  },
];

const pinRequest = pinFinding('access-request');

/**
 * The timeline link of the requests a figure counts: they are told apart in code (peers,
 * resignation, the source's status words), so the link names them by id. None when it counts none.
 */
function requestsLink(
  investigationId: string,
  data: AccessRequestsReply,
  counts: (request: AccessRequestRow) => boolean,
): { to?: string } {
  const ids = data.requests.filter(counts).map((r) => r.id);
  return ids.length ? { to: timelineTo(investigationId, data.window, { ids: ids.join(',') }) } : {};
}

/** What access the subject asked for, against what their department peers ask for, and when. */
export default function AccessRequestsPage() {
  const page = useEvidencePage();
  const query = useTopic(page.id, 'accessRequests', page.window);
  return (
    <EvidencePage
      page={page}
      title="Access requests"
      lede="Requests for access, with the share of department peers who asked for the same resource. Privileged access outside the peer norm, or asked for after resigning, is flagged."
      query={query}
      what="access requests"
      figures={(data) => [
        {
          label: 'Requests',
          value: data.summary.total,
          to: timelineTo(page.id, data.window, { activity: 'access_request' }),
        },
        {
          label: 'Flagged',
          value: data.summary.flagged,
          tone: data.summary.flagged ? 'danger' : null,
          ...requestsLink(page.id, data, (r) => r.flagged),
        },
        {
          label: 'Approved',
          value: data.summary.approved,
          ...requestsLink(page.id, data, (r) => REQUEST_STATUSES.approved.test(r.status)),
        },
        {
          label: 'Pending',
          value: data.summary.pending,
          ...requestsLink(page.id, data, (r) => REQUEST_STATUSES.pending.test(r.status)),
        },
        { label: `Peers (${data.department ?? '—'})`, value: data.peers },
        {
          label: 'Resigned',
          value: data.resignationDate ?? '—',
          tone: data.resignationDate ? 'warning' : null,
        },
      ]}
    >
      {(data) => (
        <Section title="Requests" hint="Flagged first; o opens the request's raw record">
          <FindingTable<AccessRequestRow>
            label="Access requests"
            columns={columns}
            rows={data.requests}
            getRowId={(r) => r.id}
            pin={pinRequest}
            onOpen={(r) => page.openEvent(r.id)}
            height={320}
            emptyMessage="No access request in this window."
          />
        </Section>
      )}
    </EvidencePage>
  );
}
