import { formatCount, plural } from '../../../shared/wording';
import type { DetectorParts } from './define-detector';
import { timeColumn } from './topic-report';

/** What the summary, the remediation and the report say of code repositories. */
export const codeReposParts: DetectorParts<'codeRepos'> = {
  narrative: ({ codeRepos }) => ({
    lines: codeRepos.bulkClones.length
      ? [
          `Bulk repository cloning on ${codeRepos.bulkClones.map((b) => `${b.date} (${plural(b.repositories, 'repository')})`).join(', ')}.`,
        ]
      : [],
  }),
  remediation: ({ codeRepos }) =>
    codeRepos.bulkClones.length
      ? [
          {
            id: 'repos',
            severity: 'high',
            urgency: 6,
            title: 'Bulk repository cloning',
            action:
              'Revoke the subject’s repository tokens and SSH keys; review what the cloned repositories contain.',
            rationale: `${plural(
              codeRepos.bulkClones.reduce((s, b) => s + b.repositories, 0),
              'repository',
              'repositories',
            )} cloned in bulk.`,
          },
        ]
      : [],
  report: {
    charts: (repos) => [
      {
        title: 'Repository clones and downloads per day',
        kind: 'bar',
        labels: repos.daily.map((d) => d.date),
        series: [
          { name: 'Clones', values: repos.daily.map((d) => d.clones) },
          { name: 'Downloads', values: repos.daily.map((d) => d.downloads) },
        ],
      },
    ],
    facts: (repos) => [
      { label: 'Repositories', value: formatCount(repos.summary.repositories) },
      { label: 'New to the subject', value: formatCount(repos.summary.newRepositories) },
    ],
    tables: (repos) => [
      {
        name: 'bulk-clones',
        title: 'Days of bulk cloning',
        columns: [{ name: 'Date' }, { name: 'Repositories' }, { name: 'New to the subject' }],
        rows: repos.bulkClones.map((c) => [c.date, c.repositories, c.newRepositories]),
      },
      {
        name: 'repositories',
        title: 'Repositories touched',
        columns: [
          { name: 'Repository' },
          { name: 'Clones' },
          { name: 'Downloads' },
          { name: 'Pushes' },
          { name: 'Fetches' },
          { name: 'Days' },
          { name: 'New' },
          timeColumn('First seen'),
          timeColumn('Last seen'),
        ],
        rows: repos.repositories.map((r) => [
          r.repository,
          r.clones,
          r.downloads,
          r.pushes,
          r.fetches,
          r.distinctDays,
          r.newToSubject,
          r.firstSeen,
          r.lastSeen,
        ]),
      },
    ],
  },
};
