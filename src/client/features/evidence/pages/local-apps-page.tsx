import type { LocalAppsReply } from '../../../../shared/schemas/findings/local-apps';
import { useTopic } from '../../../api/findings/topics';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { EvidencePage, useEvidencePage } from '../evidence-page';
import { countColumn, dateColumn } from '../parts/columns';
import { FindingTable } from '../parts/finding-table';
import { pinFinding } from '../parts/pins';
import { Section, Tag } from '../parts/section';

type App = LocalAppsReply['apps'][number];
const columns: DataTableColumn<App>[] = [
  { id: 'name', header: 'Program', value: (a) => a.name },
  {
    id: 'category',
    header: 'Risk',
    value: (a) => a.category,
    cell: (a) => (a.category ? <Tag tone="danger">{a.category}</Tag> : ''),
    width: 130,
  },
  countColumn('runs', 'Runs', (a) => a.runs, 80),
  countColumn('installs', 'Installs', (a) => a.installs, 80),
  countColumn('days', 'Days', (a) => a.distinctDays, 70),
  dateColumn('first', 'First run', (a) => a.firstSeen),
  { id: 'path', header: 'Path', value: (a) => a.path, hiddenByDefault: true },
];

const pinApp = pinFinding('local-app');

/** Programs run and installed on the subject's computers; sync, anonymizing, archiving and remote-access tools flagged. */
export default function LocalAppsPage() {
  const page = useEvidencePage();
  const query = useTopic(page.id, 'localApps', page.window);
  return (
    <EvidencePage
      page={page}
      title="Local apps"
      lede="Programs started on the subject's computers. Cloud sync, anonymizers, archivers, remote access and file transfer tools are flagged: they move data or hide activity."
      query={query}
      what="local apps"
      figures={(data) => [
        { label: 'Programs', value: data.apps.length },
        {
          label: 'Risky',
          value: data.apps.filter((a) => a.risky).length,
          tone: data.apps.some((a) => a.risky) ? 'danger' : null,
        },
      ]}
    >
      {(data) => (
        <Section title="Programs" hint="Risky first; o lists the program's runs">
          <FindingTable<App>
            label="Local programs"
            columns={columns}
            rows={data.apps}
            getRowId={(a) => a.path}
            pin={pinApp}
            onOpen={(a) => page.openEvents(`Runs of ${a.name}`, { category: 'process', q: a.name })}
            height={380}
            emptyMessage="No endpoint activity for the subject."
          />
        </Section>
      )}
    </EvidencePage>
  );
}
