import type { RepoRow } from '../../../../shared/schemas/findings/code-repos';
import { useTopic } from '../../../api/findings/topics';
import { Chart } from '../../../components/chart/chart';
import { topLegend } from '../../../components/chart/chart-theme';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { EvidencePage, useEvidencePage } from '../evidence-page';
import { timelineTo } from '../parts/timeline-link';
import { countColumn, dateColumn } from '../parts/columns';
import { DAY_BAR_WIDTH, dayAxis } from '../parts/day-axis';
import { dayFilter } from '../parts/event-dialog';
import { FindingTable } from '../parts/finding-table';
import { pinFinding } from '../parts/pins';
import { Section, Tag } from '../parts/section';

const columns: DataTableColumn<RepoRow>[] = [
  { id: 'repository', header: 'Repository', value: (r) => r.repository },
  {
    id: 'new',
    header: 'New',
    value: (r) => (r.newToSubject ? 'new' : ''),
    cell: (r) => (r.newToSubject ? <Tag tone="warning">new</Tag> : ''),
    width: 70,
  },
  countColumn('clones', 'Clones', (r) => r.clones, 80),
  countColumn('downloads', 'Archives', (r) => r.downloads, 90),
  countColumn('pushes', 'Pushes', (r) => r.pushes, 80),
  countColumn('fetches', 'Fetches', (r) => r.fetches, 80),
  countColumn('days', 'Days', (r) => r.distinctDays, 70),
  dateColumn('first', 'First seen', (r) => r.firstSeen),
];

const pinRepo = pinFinding('repo');

/** Repositories the subject touched, clone volume by day, repositories new to them, bulk clones. */
export default function CodeReposPage() {
  const page = useEvidencePage();
  const query = useTopic(page.id, 'codeRepos', page.window);
  /** A day's clones and archive downloads (what its bar and a bulk clone day count), or pushes. */
  const openDay = (day: string, pushes = false) =>
    pushes
      ? page.openEvents(`Pushes of ${day} (UTC)`, {
          ...dayFilter(day, 'repo'),
          activity: 'repo_push',
        })
      : page.openEvents(`Clones and archive downloads of ${day} (UTC)`, {
          ...dayFilter(day, 'repo'),
          activity: 'repo_clone,repo_download',
        });
  return (
    <EvidencePage
      page={page}
      title="Code repositories"
      lede="Which repositories the subject cloned, fetched, pushed or downloaded, which were new to them, and days of bulk cloning."
      query={query}
      what="code repositories"
      figures={(data) => [
        { label: 'Repositories', value: data.summary.repositories },
        {
          label: 'New to the subject',
          value: data.summary.newRepositories,
          tone: data.summary.newRepositories > 5 ? 'warning' : null,
        },
        {
          label: 'Clones',
          value: data.summary.clones,
          to: timelineTo(page.id, data.window, { category: 'repo', activity: 'repo_clone' }),
        },
        {
          label: 'Archive downloads',
          value: data.summary.downloads,
          to: timelineTo(page.id, data.window, { category: 'repo', activity: 'repo_download' }),
        },
        {
          label: 'Bulk clone days',
          value: data.bulkClones.length,
          tone: data.bulkClones.length ? 'danger' : null,
          hint: data.bulkClones.map((b) => `${b.date}: ${b.repositories}`).join(', '),
        },
      ]}
    >
      {(data) => (
        <>
          {data.bulkClones.length ? (
            <Section
              title="Bulk clones"
              hint="Days on which the subject cloned or downloaded many repositories at once; open a day for its events"
            >
              <ul className="evidence-bulk" aria-label="Bulk clone days">
                {data.bulkClones.map((b) => (
                  <li key={b.date}>
                    <button type="button" onClick={() => openDay(b.date)}>
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
                onClick={(point) => openDay(String(point.x), point.curveNumber === 1)}
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
              label="Repositories"
              columns={columns}
              rows={data.repositories}
              getRowId={(r) => r.repository}
              pin={pinRepo}
              onOpen={(r) =>
                page.openEvents(`Events in ${r.repository}`, {
                  category: 'repo',
                  q: r.repository,
                })
              }
              height={340}
              emptyMessage="The subject touched no repository in this window."
            />
          </Section>
        </>
      )}
    </EvidencePage>
  );
}
