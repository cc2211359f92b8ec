import { formatCount } from '../../../shared/wording';
import type { DetectorParts } from './define-detector';
import { timeColumn } from './topic-report';

/** What the remediation and the report say of programs run on the subject's computers. */
export const localAppsParts: DetectorParts<'localApps'> = {
  remediation: ({ localApps }) => {
    const risky = localApps.apps.filter((a) => a.risky);
    if (!risky.length) return [];
    return [
      {
        id: 'apps',
        severity: 'medium',
        urgency: 10,
        title: 'Risky local software',
        action:
          'Remove unapproved sync, archiving or remote-access tools and check what they moved.',
        rationale: `${risky.length === 1 ? 'One tool that can move or hide data ran' : `${risky.length} tools that can move or hide data ran`} on the subject’s devices: ${risky
          .map(
            (a) =>
              `${a.name}${a.category ? ` (${a.category})` : ''}, run ${a.runs} ${a.runs === 1 ? 'time' : 'times'}`,
          )
          .join('; ')}.`,
      },
    ];
  },
  report: {
    facts: (reply) => [
      { label: 'Risky programs', value: formatCount(reply.apps.filter((a) => a.risky).length) },
    ],
    tables: (reply) => [
      {
        name: 'apps',
        title: 'Programs run',
        columns: [
          { name: 'Program' },
          { name: 'Category' },
          { name: 'Risky' },
          { name: 'Runs' },
          { name: 'Installs' },
          { name: 'Days' },
          timeColumn('First seen'),
          timeColumn('Last seen'),
          { name: 'Path', inReport: false },
        ],
        rows: reply.apps.map((a) => [
          a.name,
          a.category,
          a.risky,
          a.runs,
          a.installs,
          a.distinctDays,
          a.firstSeen,
          a.lastSeen,
          a.path,
        ]),
      },
    ],
  },
};
