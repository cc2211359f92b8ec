import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';

import { ALL_FILES, RISKY_DESTINATIONS } from '../../../../shared/schemas/findings/file-access';
import type { FileRow } from '../../../../shared/schemas/findings/file-access';
import {
  useFileAccess,
  useFileEvents,
  useFiles,
  useFileSankey,
} from '../../../api/findings/file-access';
import { useChartColors } from '../../../components/chart/use-chart-colors';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { EvidencePage, useEvidencePage } from '../evidence-page';
import { countColumn, dateColumn } from '../parts/columns';
import { DrillDialog, eventColumns, pinEvent } from '../parts/event-dialog';
import { FindingSection, FindingState } from '../parts/finding-state';
import { FindingTable } from '../parts/finding-table';
import { pinFinding } from '../parts/pins';
import { Tag } from '../parts/section';
import { LeavingFlows } from './file-access-flows';
import { SankeyChart } from './file-access-sankey';
import { timelineTo } from '../parts/timeline-link';
import { workspace } from '../../../workspace/workspace-controller';

/** How the file list names the places a file went (the detector's destination codes). */
const DESTINATIONS: Record<string, string> = {
  usb: 'USB',
  personal_email: 'personal mail',
  external_email: 'external mail',
  external_share: 'external share',
  public_link: 'public link',
  cloud: 'personal cloud',
};
const destinations = (f: FileRow) =>
  f.destinations.map((d) => DESTINATIONS[d] ?? d.replace(/_/g, ' ')).join(', ');

const fileColumns: DataTableColumn<FileRow>[] = [
  { id: 'name', header: 'File', value: (f) => f.name ?? f.id, keyColumn: true },
  { id: 'label', header: 'Label', value: (f) => f.label, width: 150, keyColumn: true },
  countColumn('events', 'Events', (f) => f.events, 80),
  countColumn('downloads', 'Downloads', (f) => f.downloads, 100),
  countColumn('shares', 'Shares', (f) => f.shares, 80),
  {
    id: 'leaving',
    header: 'Left to',
    value: destinations,
    cell: (f) => (f.destinations.length ? <Tag tone="danger">{destinations(f)}</Tag> : ''),
    width: 190,
    keyColumn: true,
  },
  dateColumn('last', 'Last seen', (f) => f.lastSeen),
];

const pinFile = pinFinding('file');

/** Shows the brief's message of a failed request once, as a toast. */
function useFailureToast(error: Error | null) {
  useEffect(() => {
    if (error) toast.error(error.message);
  }, [error]);
}

/** The events of one file, and from them the raw records. */
function FileEventsDialog(props: {
  investigationId: string;
  file: FileRow;
  window: string | undefined;
  onClose: () => void;
}) {
  const events = useFileEvents(props.investigationId, props.file.id, props.window);
  useFailureToast(events.error);
  return (
    <DrillDialog
      investigationId={props.investigationId}
      title={`Events of ${props.file.name ?? props.file.id}`}
      onClose={props.onClose}
    >
      {(open) => (
        <FindingState query={events} what="file events">
          {(data) => (
            <FindingTable
              investigationId={props.investigationId}
              label="File events"
              columns={eventColumns}
              rows={data.events}
              getRowId={(e) => e.id}
              pin={pinEvent}
              onOpen={(e) => open(e.id)}
              height={380}
              autoFocus
            />
          )}
        </FindingState>
      )}
    </DrillDialog>
  );
}

/** Which files the subject touched, by sensitivity label, and where they went. */
export default function FileAccessPage() {
  const page = useEvidencePage();
  const { id, window } = page;
  const [params, setParams] = useSearchParams();
  const label = params.get('label') ?? page.state.fileLabel;
  // The label filters the whole page: figures, flows and files count the same files.
  const totals = useFileAccess(id, label, window);
  const sankey = useFileSankey(id, label, window);
  const files = useFiles(id, label, window);
  const { tones } = useChartColors();
  useFailureToast(totals.error);
  useFailureToast(sankey.error);
  useFailureToast(files.error);
  const chooseLabel = (next: string) => {
    page.update({ fileLabel: next });
    setParams(next === ALL_FILES ? {} : { label: next }, { replace: true });
  };
  // The choices stay while another label's figures load, so the list does not jump under the keys.
  const [labels, setLabels] = useState<string[]>([]);
  const choices = totals.data?.labels;
  useEffect(() => {
    if (choices) setLabels(choices);
  }, [choices]);
  const all = label === ALL_FILES;
  // The figures count file movements of the chosen label: so do the events they open.
  const ofLabel = all ? {} : { label };
  const options = [ALL_FILES, ...labels, ...(all || labels.includes(label) ? [] : [label])];
  return (
    <EvidencePage
      page={page}
      title="File access"
      lede="File activity by sensitivity label: what the subject opened, downloaded and shared, and the flows of labelled files out of company storage (to USB, personal mail, public links)."
      controls={
        <label className="evidence-controls">
          <span className="muted">Label</span>
          <select className="select" value={label} onChange={(e) => chooseLabel(e.target.value)}>
            {options.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      }
      query={totals}
      what="file access"
      figures={(t) => [
        {
          label: all ? 'File events' : `${label} file events`,
          value: t.totals.events.toLocaleString(),
          to: timelineTo(id, t.window, { files: 'all', ...ofLabel }),
        },
        ...(all
          ? [
              {
                label: 'Sensitive',
                value: t.totals.sensitive.toLocaleString(),
                hint: t.sensitiveLabels.join(', '),
                to: timelineTo(id, t.window, {
                  files: 'all',
                  label: t.sensitiveLabels.join(','),
                }),
              },
            ]
          : []),
        {
          label: 'Left company storage',
          value: t.totals.leaving,
          tone: t.totals.leaving ? 'danger' : null,
          to: timelineTo(id, t.window, { files: 'leaving', ...ofLabel }),
        },
        // Per sensitive label, what left for a risky place: these sum to the case summary's
        // "Sensitive files to risky places".
        ...t.byLabel
          .filter((l) => t.sensitiveLabels.includes(l.label))
          .map((l) => ({
            label: `${l.label} to risky places`,
            value: l.leavingRisky,
            to: timelineTo(id, t.window, {
              label: l.label,
              destination: RISKY_DESTINATIONS.join(','),
            }),
            tone: l.leavingRisky ? ('danger' as const) : null,
            hint: 'Removable media, personal mail or cloud, public links and external shares',
          })),
      ]}
      sections={
        <>
          <FindingSection
            title={all ? 'Label → action → destination' : `${label} → action → destination`}
            hint="Red flows carry sensitive labels out of company storage"
            wide
            query={sankey}
            what="the flow diagram"
          >
            {(s) =>
              s.links.length ? (
                <>
                  <SankeyChart
                    sankey={s}
                    tones={tones}
                    onLink={(index) => {
                      const flow = s.links[index];
                      if (flow) workspace.navigate(timelineTo(id, s.window, flow.events));
                    }}
                  />
                  <LeavingFlows sankey={s} />
                </>
              ) : (
                <div className="muted">No file activity in this window.</div>
              )
            }
          </FindingSection>
          <FindingSection
            title={`Files: ${label}`}
            hint="Files that left company storage first; o lists a file's events, p pins it"
            query={files}
            what="files"
          >
            {(f) => (
              <FindingTable<FileRow>
                label={`Files (${label})`}
                columns={fileColumns}
                rows={f.files}
                getRowId={(r) => r.id}
                pin={pinFile}
                onOpen={(file) =>
                  page.openDialog((close) => (
                    <FileEventsDialog
                      investigationId={id}
                      file={file}
                      window={window}
                      onClose={close}
                    />
                  ))
                }
                height={380}
                emptyMessage="No file with this label in the window."
              />
            )}
          </FindingSection>
        </>
      }
    />
  );
}
