import { formatCount } from '../../../shared/wording';
import type { DetectorParts } from './define-detector';
import { listCell, timeColumn } from './topic-report';

/** What the summary and the report say of suspicious commands. */
export const powershellParts: DetectorParts<'powershell'> = {
  narrative: ({ powershell }) => ({
    lines: powershell.techniques.length
      ? [`Suspicious commands map to ${powershell.techniques.map((t) => t.id).join(', ')}.`]
      : [],
  }),
  report: {
    charts: (commands) =>
      commands.techniques.length
        ? [
            {
              title: 'Suspicious commands by ATT&CK technique',
              kind: 'bar',
              labels: commands.techniques.map((t) => t.id),
              series: [{ name: 'Commands', values: commands.techniques.map((t) => t.commands) }],
            },
          ]
        : [],
    facts: (commands) => [
      { label: 'Script blocks', value: formatCount(commands.summary.scriptBlocks) },
      { label: 'Encoded commands', value: formatCount(commands.summary.encoded) },
    ],
    tables: (commands) => [
      {
        name: 'commands',
        title: 'Suspicious commands',
        columns: [
          timeColumn('Time'),
          { name: 'Severity' },
          { name: 'Device' },
          { name: 'Techniques' },
          { name: 'Command' },
        ],
        rows: commands.commands.map((c) => [
          c.time,
          c.severity,
          c.device,
          listCell(c.techniques.map((h) => h.id)),
          c.command,
        ]),
      },
    ],
  },
};
