import { useState } from 'react';

import type { HygieneItem } from '../../../../shared/schemas/findings/security-hygiene';
import { useHygieneDetail, useTopic } from '../../../api/findings/topics';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { EvidencePage, useEvidencePage } from '../evidence-page';
import { countColumn, dateTimeColumn } from '../parts/columns';
import { eventColumns, pinEvent } from '../parts/event-dialog';
import { FindingState } from '../parts/finding-state';
import { FindingTable } from '../parts/finding-table';
import { pinFinding } from '../parts/pins';
import { Section, SeverityTag } from '../parts/section';

const columns: DataTableColumn<HygieneItem>[] = [
  { id: 'title', header: 'Check', value: (i) => i.title, width: 230 },
  {
    id: 'severity',
    header: 'Severity',
    value: (i) => ['none', 'low', 'medium', 'high', 'critical'].indexOf(i.severity),
    cell: (i) => <SeverityTag severity={i.severity} />,
    width: 110,
  },
  countColumn('count', 'Events', (i) => i.count, 80),
  dateTimeColumn('last', 'Last seen', (i) => i.lastSeen),
  { id: 'description', header: 'What it means', value: (i) => i.description },
];

const pinCheck = pinFinding('security-hygiene');

/** MFA, sign-ins, passwords, endpoint protection, logs, devices and privileges: each check and its events. */
export default function SecurityHygienePage() {
  const page = useEvidencePage();
  const query = useTopic(page.id, 'securityHygiene', page.window);
  const [detail, setDetail] = useState<string | null>(null);
  const details = useHygieneDetail(page.id, detail);
  return (
    <EvidencePage
      page={page}
      title="Security hygiene"
      lede="Controls the subject weakened or that failed around them, worst first. Open a check (o) to see the events behind it."
      query={query}
      what="security hygiene"
      sections={
        detail ? (
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
                  onOpen={(e) => page.openEvent(e.id)}
                  height={320}
                  emptyMessage="No event behind this check in the window."
                />
              )}
            </FindingState>
          </Section>
        ) : null
      }
    >
      {(data) => (
        <FindingTable<HygieneItem>
          label="Security hygiene checks"
          columns={columns}
          rows={data.items}
          getRowId={(i) => i.id}
          pin={pinCheck}
          onOpen={(i) => setDetail(i.id)}
          height={260}
        />
      )}
    </EvidencePage>
  );
}
