import { useMemo, useState } from 'react';

import type { LocalAppsReply } from '../../../../shared/schemas/findings/local-apps';
import { useTopic } from '../../../api/findings/topics';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { formatDate } from '../../../components/format';
import { EventsDialog } from '../parts/event-dialog';
import { FindingState } from '../parts/finding-state';
import { FindingTable } from '../parts/finding-table';
import { PageFrame } from '../parts/page-frame';
import { Figures, Section, Tag } from '../parts/section';
import { useEvidenceUi } from '../parts/use-evidence-ui';

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
  { id: 'runs', header: 'Runs', value: (a) => a.runs, align: 'right', width: 80 },
  { id: 'installs', header: 'Installs', value: (a) => a.installs, align: 'right', width: 80 },
  { id: 'days', header: 'Days', value: (a) => a.distinctDays, align: 'right', width: 70 },
  {
    id: 'first',
    header: 'First run',
    value: (a) => a.firstSeen,
    cell: (a) => formatDate(a.firstSeen),
    width: 120,
  },
  { id: 'path', header: 'Path', value: (a) => a.path, hiddenByDefault: true },
];

/** Programs run and installed on the subject's computers; sync, anonymizing, archiving and remote-access tools flagged. */
export default function LocalAppsPage() {
  const { id, window } = useEvidenceUi();
  const query = useTopic(id, 'localApps', window);
  const [app, setApp] = useState<App | null>(null);
  const pin = useMemo(
    () => (a: App) => ({
      kind: 'finding' as const,
      ref: `local-app:${a.path}`,
      label: `${a.name}${a.category ? ` (${a.category})` : ''}: ${a.runs} runs`,
      page: 'local-apps',
      snapshot: { ...a },
    }),
    [],
  );
  return (
    <PageFrame
      title="Local apps"
      lede="Programs started on the subject's computers. Cloud sync, anonymizers, archivers, remote access and file transfer tools are flagged: they move data or hide activity."
    >
      <FindingState query={query} what="local apps">
        {(data) => (
          <>
            <Figures
              items={[
                { label: 'Programs', value: data.apps.length },
                {
                  label: 'Risky',
                  value: data.apps.filter((a) => a.risky).length,
                  tone: data.apps.some((a) => a.risky) ? 'danger' : null,
                },
              ]}
            />
            <Section title="Programs" hint="Risky first; o lists the program's runs">
              <FindingTable<App>
                investigationId={id}
                label="Local programs"
                columns={columns}
                rows={data.apps}
                getRowId={(a) => a.path}
                pin={pin}
                onOpen={setApp}
                height={380}
                emptyMessage="No endpoint activity for the subject."
              />
            </Section>
          </>
        )}
      </FindingState>
      {app ? (
        <EventsDialog
          investigationId={id}
          title={`Runs of ${app.name}`}
          filter={{ category: 'process', q: app.name }}
          onClose={() => setApp(null)}
        />
      ) : null}
    </PageFrame>
  );
}
