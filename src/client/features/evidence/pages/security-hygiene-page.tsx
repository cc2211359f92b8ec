import { useMemo, useState } from 'react';

import type { HygieneItem } from '../../../../shared/schemas/findings/security-hygiene';
import { useHygieneDetail, useTopic } from '../../../api/findings/topics';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../components/format';
import { eventColumns, EventDialog, pinEvent } from '../parts/event-dialog';
import { FindingState } from '../parts/finding-state';
import { FindingTable } from '../parts/finding-table';
import { PageFrame } from '../parts/page-frame';
import { Section, SeverityTag } from '../parts/section';
import { useEvidenceUi } from '../parts/use-evidence-ui';

const columns: DataTableColumn<HygieneItem>[] = [
  { id: 'title', header: 'Check', value: (i) => i.title, width: 230 },
  {
    id: 'severity',
    header: 'Severity',
    value: (i) => ['none', 'low', 'medium', 'high', 'critical'].indexOf(i.severity),
    cell: (i) => <SeverityTag severity={i.severity} />,
    width: 110,
  },
  { id: 'count', header: 'Events', value: (i) => i.count, align: 'right', width: 80 },
  {
    id: 'last',
    header: 'Last seen',
    value: (i) => i.lastSeen,
    cell: (i) => formatDateTime(i.lastSeen),
    width: 170,
  },
  {
    id: 'description',
    header: 'What it means',
    value: (i) => i.description,
  },
];

/** MFA, sign-ins, passwords, endpoint protection, logs, devices and privileges: each check and its events. */
export default function SecurityHygienePage() {
  const { id, window } = useEvidenceUi();
  const query = useTopic(id, 'securityHygiene', window);
  const [detail, setDetail] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const details = useHygieneDetail(id, detail);
  const pin = useMemo(
    () => (i: HygieneItem) => ({
      kind: 'finding' as const,
      ref: `security-hygiene:${i.id}`,
      label: `${i.title}: ${i.count} (${i.severity})`,
      page: 'security-hygiene',
      snapshot: { ...i },
    }),
    [],
  );
  return (
    <PageFrame
      title="Security hygiene"
      lede="Controls the subject weakened or that failed around them, worst first. Open a check (o) to see the events behind it."
    >
      <FindingState query={query} what="security hygiene">
        {(data) => (
          <FindingTable<HygieneItem>
            investigationId={id}
            label="Security hygiene checks"
            columns={columns}
            rows={data.items}
            getRowId={(i) => i.id}
            pin={pin}
            onOpen={(i) => setDetail(i.id)}
            height={260}
          />
        )}
      </FindingState>
      {detail ? (
        <Section
          title={details.data?.item.title ?? 'Events'}
          hint={details.data?.item.description}
          actions={
            <button type="button" className="button small" onClick={() => setDetail(null)}>
              Close
            </button>
          }
        >
          <FindingState query={details} what="the events behind the check">
            {(d) => (
              <FindingTable
                investigationId={id}
                label={`Events: ${d.item.title}`}
                columns={[
                  ...eventColumns,
                  {
                    id: 'why',
                    header: 'Why',
                    value: (e: (typeof d.events)[number]) => e.why,
                    width: 260,
                  },
                ]}
                rows={d.events}
                getRowId={(e) => e.id}
                pin={pinEvent}
                onOpen={(e) => setOpen(e.id)}
                height={320}
                emptyMessage="No event behind this check in the window."
              />
            )}
          </FindingState>
        </Section>
      ) : null}
      {open ? (
        <EventDialog investigationId={id} eventId={open} onClose={() => setOpen(null)} />
      ) : null}
    </PageFrame>
  );
}
