import { useMemo, useState } from 'react';

import type { AccessRequestRow } from '../../../../shared/schemas/findings/access-requests';
import { useTopic } from '../../../api/findings/topics';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../components/format';
import { EventDialog } from '../parts/event-dialog';
import { FindingState } from '../parts/finding-state';
import { FindingTable } from '../parts/finding-table';
import { PageFrame } from '../parts/page-frame';
import { Figures, Section, Tag } from '../parts/section';
import { useEvidenceUi } from '../parts/use-evidence-ui';

const columns: DataTableColumn<AccessRequestRow>[] = [
  {
    id: 'time',
    header: 'Requested',
    value: (r) => r.time,
    cell: (r) => formatDateTime(r.time),
    width: 160,
  },
  { id: 'resource', header: 'Resource', value: (r) => r.resource },
  { id: 'role', header: 'Role', value: (r) => r.role, width: 160 },
  { id: 'status', header: 'Status', value: (r) => r.status, width: 100 },
  {
    id: 'peers',
    header: 'Peers',
    value: (r) => r.peerShare,
    cell: (r) => `${Math.round(r.peerShare * 100)}%`,
    align: 'right',
    width: 70,
  },
  {
    id: 'flags',
    header: 'Why it stands out',
    value: (r) => r.reasons.join('; '),
    cell: (r) =>
      r.flagged ? (
        <span title={r.reasons.join('; ')}>
          <Tag tone="danger">{r.reasons.join('; ')}</Tag>
        </span>
      ) : (
        ''
      ),
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

/** What access the subject asked for, against what their department peers ask for, and when. */
export default function AccessRequestsPage() {
  const { id, window } = useEvidenceUi();
  const query = useTopic(id, 'accessRequests', window);
  const [open, setOpen] = useState<string | null>(null);
  const pin = useMemo(
    () => (r: AccessRequestRow) => ({
      kind: 'finding' as const,
      ref: `access-request:${r.id}`,
      label: `${r.resource} – ${r.role ?? 'access'} (${r.status})`,
      page: 'access-requests',
      snapshot: { ...r },
    }),
    [],
  );
  return (
    <PageFrame
      title="Access requests"
      lede="Requests for access, with the share of department peers who asked for the same resource. Privileged access outside the peer norm, or asked for after resigning, is flagged."
    >
      <FindingState query={query} what="access requests">
        {(data) => (
          <>
            <Figures
              items={[
                { label: 'Requests', value: data.summary.total },
                {
                  label: 'Flagged',
                  value: data.summary.flagged,
                  tone: data.summary.flagged ? 'danger' : null,
                },
                { label: 'Approved', value: data.summary.approved },
                { label: 'Pending', value: data.summary.pending },
                { label: `Peers (${data.department ?? '—'})`, value: data.peers },
                {
                  label: 'Resigned',
                  value: data.resignationDate ?? '—',
                  tone: data.resignationDate ? 'warning' : null,
                },
              ]}
            />
            <Section title="Requests" hint="Flagged first; o opens the request's raw record">
              <FindingTable<AccessRequestRow>
                investigationId={id}
                label="Access requests"
                columns={columns}
                rows={data.requests}
                getRowId={(r) => r.id}
                pin={pin}
                onOpen={(r) => setOpen(r.id)}
                height={320}
                emptyMessage="No access request in this window."
              />
            </Section>
          </>
        )}
      </FindingState>
      {open ? (
        <EventDialog investigationId={id} eventId={open} onClose={() => setOpen(null)} />
      ) : null}
    </PageFrame>
  );
}
