import { useMemo, useState } from 'react';

import type { RepoRow } from '../../../../shared/schemas/findings/code-repos';
import { useTopic } from '../../../api/findings/topics';
import { Chart } from '../../../components/chart/chart';
import { topLegend } from '../../../components/chart/chart-theme';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/format';
import { DAY_BAR_WIDTH, dayAxis } from '../parts/day-axis';
import { dayFilter, EventsDialog } from '../parts/event-dialog';
import { FindingState } from '../parts/finding-state';
import { FindingTable } from '../parts/finding-table';
import { PageFrame } from '../parts/page-frame';
import { Figures, Section, Tag } from '../parts/section';
import { useEvidenceUi } from '../parts/use-evidence-ui';

const columns: DataTableColumn<RepoRow>[] = [
  { id: 'repository', header: 'Repository', value: (r) => r.repository },
  {
    id: 'new',
    header: 'New',
    value: (r) => (r.newToSubject ? 'new' : ''),
    cell: (r) => (r.newToSubject ? <Tag tone="warning">new</Tag> : ''),
    width: 70,
  },
  { id: 'clones', header: 'Clones', value: (r) => r.clones, align: 'right', width: 80 },
  { id: 'downloads', header: 'Archives', value: (r) => r.downloads, align: 'right', width: 90 },
  { id: 'pushes', header: 'Pushes', value: (r) => r.pushes, align: 'right', width: 80 },
  { id: 'fetches', header: 'Fetches', value: (r) => r.fetches, align: 'right', width: 80 },
  { id: 'days', header: 'Days', value: (r) => r.distinctDays, align: 'right', width: 70 },
  {
    id: 'first',
    header: 'First seen',
    value: (r) => r.firstSeen,
    cell: (r) => formatDate(r.firstSeen),
    width: 120,
  },
];

/** Repositories the subject touched, clone volume by day, repositories new to them, bulk clones. */
export default function CodeReposPage() {
  const { id, window } = useEvidenceUi();
  const query = useTopic(id, 'codeRepos', window);
  const [repo, setRepo] = useState<string | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const pin = useMemo(
    () => (r: RepoRow) => ({
      kind: 'finding' as const,
      ref: `repo:${r.repository}`,
      label: `${r.repository}: ${r.clones} clones, ${r.downloads} archives`,
      page: 'code-repos',
      snapshot: { ...r },
    }),
    [],
  );
  return (
    <PageFrame
      title="Code repositories"
      lede="Which repositories the subject cloned, fetched, pushed or downloaded, which were new to them, and days of bulk cloning."
    >
      <FindingState query={query} what="code repositories">
        {(data) => (
          <>
            <Figures
              items={[
                { label: 'Repositories', value: data.summary.repositories },
                {
                  label: 'New to the subject',
                  value: data.summary.newRepositories,
                  tone: data.summary.newRepositories > 5 ? 'warning' : null,
                },
                { label: 'Clones', value: data.summary.clones },
                { label: 'Archive downloads', value: data.summary.downloads },
                {
                  label: 'Bulk clone days',
                  value: data.bulkClones.length,
                  tone: data.bulkClones.length ? 'danger' : null,
                  hint: data.bulkClones.map((b) => `${b.date}: ${b.repositories}`).join(', '),
                },
              ]}
            />
            {data.bulkClones.length ? (
              <Section
                title="Bulk clones"
                hint="Days on which the subject cloned or downloaded many repositories at once; open a day for its events"
              >
                <ul className="evidence-bulk" aria-label="Bulk clone days">
                  {data.bulkClones.map((b) => (
                    <li key={b.date}>
                      <button type="button" onClick={() => setDay(b.date)}>
                        <strong>{b.date}</strong>
                        <span>
                          {b.repositories} repositories
                          {b.newRepositories ? `, ${b.newRepositories} new to the subject` : ''}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </Section>
            ) : null}
            <Section title="Clones and downloads per day">
              {data.daily.length ? (
                <Chart
                  onClick={(point) => setDay(String(point.x))}
                  ariaLabel="Repository clones and archive downloads per day (click a day for its events)"
                  height={230}
                  data={[
                    {
                      type: 'bar',
                      width: DAY_BAR_WIDTH,
                      name: 'Repositories cloned',
                      x: data.daily.map((d) => d.date),
                      y: data.daily.map((d) => d.repositoriesCloned),
                    },
                    {
                      type: 'scatter',
                      mode: 'lines',
                      name: 'Pushes',
                      x: data.daily.map((d) => d.date),
                      y: data.daily.map((d) => d.pushes),
                    },
                  ]}
                  layout={{
                    ...topLegend,
                    xaxis: dayAxis(data.daily.map((d) => d.date)),
                  }}
                />
              ) : (
                <div className="muted">No clone, fetch, push or download in this window.</div>
              )}
            </Section>
            <Section title="Repositories" hint="o lists a repository's events">
              <FindingTable<RepoRow>
                investigationId={id}
                label="Repositories"
                columns={columns}
                rows={data.repositories}
                getRowId={(r) => r.repository}
                pin={pin}
                onOpen={(r) => setRepo(r.repository)}
                height={340}
                emptyMessage="The subject touched no repository in this window."
              />
            </Section>
          </>
        )}
      </FindingState>
      {day ? (
        <EventsDialog
          investigationId={id}
          title={`Repository events of ${day} (UTC)`}
          filter={dayFilter(day, 'repo')}
          onClose={() => setDay(null)}
        />
      ) : null}
      {repo ? (
        <EventsDialog
          investigationId={id}
          title={`Events in ${repo}`}
          filter={{ category: 'repo', q: repo }}
          onClose={() => setRepo(null)}
        />
      ) : null}
    </PageFrame>
  );
}
