import { useState } from 'react';

import { POWERSHELL_PROCESS_WORDS } from '../../../../shared/schemas/findings/powershell';
import type { PowershellReply } from '../../../../shared/schemas/findings/powershell';
import { useTopic } from '../../../api/findings/topics';
import { Chart } from '../../../components/chart/chart';
import { Dialog } from '../../../components/dialog';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { EvidencePage, useEvidencePage } from '../evidence-page';
import { timelineTo } from '../parts/timeline-link';
import { dateTimeColumn } from '../parts/columns';
import { FindingTable } from '../parts/finding-table';
import { pinEventRow } from '../parts/pins';
import { Section, SeverityTag } from '../parts/section';

type Command = PowershellReply['commands'][number];

/** The first line of a command that says something (an excerpt starts with a "… (n lines)" marker). */
const firstLine = (command: string) =>
  command.split('\n').find((line) => line.trim() && !line.startsWith('…')) ?? command;

const columns: DataTableColumn<Command>[] = [
  dateTimeColumn('time', 'Time', (c) => c.time),
  {
    id: 'severity',
    header: 'Severity',
    value: (c) => c.severity,
    cell: (c) => <SeverityTag severity={c.severity} />,
    width: 100,
  },
  {
    id: 'techniques',
    header: 'Techniques',
    value: (c) => c.techniques.map((t) => t.id).join(' '),
    width: 170,
  },
  {
    id: 'command',
    header: 'Command (normalized)',
    value: (c) => c.command,
    // A truncated first line shows in full in the cell's tooltip; Enter or o shows every line.
    cell: (c) => <span className="mono">{firstLine(c.command)}</span>,
  },
  { id: 'device', header: 'Device', value: (c) => c.device, width: 160, hiddenByDefault: true },
];

const pinCommand = pinEventRow<Command>(
  (c) => `${c.techniques.map((t) => t.id).join(', ')}: ${firstLine(c.command).slice(0, 120)}`,
);

/** Suspicious PowerShell and command lines: decoded, masked, and mapped to ATT&CK techniques. */
export default function PowershellPage() {
  const page = useEvidencePage();
  const query = useTopic(page.id, 'powershell', page.window);
  const [chosen, setChosen] = useState<Command | null>(null);
  return (
    <EvidencePage
      page={page}
      title="PowerShell commands"
      lede="Script blocks and command lines that match suspicious patterns, shown decoded (when encoded) with passwords, tokens and user names masked, each mapped to MITRE ATT&CK."
      query={query}
      what="PowerShell commands"
      figures={(data) => [
        {
          label: 'Script blocks',
          value: data.summary.scriptBlocks.toLocaleString(),
          to: timelineTo(page.id, data.window, { activity: 'script_exec' }),
        },
        {
          label: 'PowerShell starts',
          value: data.summary.powershellProcesses.toLocaleString(),
          to: timelineTo(page.id, data.window, {
            activity: 'process_start',
            process: POWERSHELL_PROCESS_WORDS.join(','),
          }),
        },
        {
          // Flagged by the analysis: every command matching a suspicious pattern.
          label: 'Suspicious',
          value: data.summary.suspicious,
          tone: data.summary.suspicious ? 'danger' : null,
          to: timelineTo(page.id, data.window, { flag: 'command' }),
        },
        {
          label: 'Encoded',
          value: data.summary.encoded,
          tone: data.summary.encoded ? 'warning' : null,
          to: timelineTo(page.id, data.window, { flag: 'command:encoded-command' }),
        },
      ]}
    >
      {(data) => (
        <>
          {data.techniques.length ? (
            <Section title="Techniques">
              <Chart
                ariaLabel="Suspicious commands per ATT&CK technique (click a bar for its commands)"
                onClick={(point) => {
                  // A bar counts the suspicious commands mapped to one technique: list them.
                  const technique = data.techniques[point.pointIndex];
                  if (!technique) return;
                  const commands = data.commands.filter((c) =>
                    c.techniques.some((t) => t.id === technique.id),
                  );
                  page.openDialog((close) => (
                    <Dialog title={`${technique.id} ${technique.name}`} wide onClose={close}>
                      <FindingTable<Command>
                        label={`Commands mapped to ${technique.id}`}
                        columns={columns}
                        rows={commands}
                        getRowId={(c) => c.id}
                        pin={pinCommand}
                        onOpen={(c) => page.openEvent(c.id)}
                        height={320}
                        autoFocus
                      />
                    </Dialog>
                  ));
                }}
                // About 30 px a technique: a single one is a bar, not a slab.
                height={Math.max(110, 70 + data.techniques.length * 30)}
                data={[
                  {
                    type: 'bar',
                    orientation: 'h',
                    y: data.techniques.map((t) => `${t.id} ${t.name}`),
                    x: data.techniques.map((t) => t.commands),
                    hovertemplate: '%{y}: %{x}<extra></extra>',
                  },
                ]}
                layout={{
                  margin: { l: 320 },
                  yaxis: { autorange: 'reversed' },
                  xaxis: { title: { text: 'Commands' }, dtick: 1, rangemode: 'tozero' },
                }}
              />
            </Section>
          ) : null}
          <Section title="Suspicious commands" hint="Enter or o shows the whole command; p pins it">
            <FindingTable<Command>
              label="Suspicious commands"
              columns={columns}
              rows={data.commands}
              getRowId={(c) => c.id}
              pin={pinCommand}
              onOpen={setChosen}
              height={300}
              emptyMessage="No command matched a suspicious pattern."
            />
          </Section>
          {chosen ? (
            <Section
              title="Command"
              hint={chosen.techniques.map((t) => `${t.id} ${t.name} (${t.pattern})`).join(' · ')}
              actions={
                <>
                  <button
                    type="button"
                    className="button small"
                    onClick={() => page.openEvent(chosen.id)}
                  >
                    Raw record
                  </button>
                  <button type="button" className="button small" onClick={() => setChosen(null)}>
                    Close
                  </button>
                </>
              }
            >
              <pre className="evidence-command">{chosen.command}</pre>
            </Section>
          ) : null}
        </>
      )}
    </EvidencePage>
  );
}
