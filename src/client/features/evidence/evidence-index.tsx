import { useMemo } from 'react';
import { Link } from 'react-router-dom';

import { routes } from '../../../shared/routes';
import type { Pin } from '../../../shared/schemas/findings/pins';
import { useDeletePin, usePins } from '../../api/findings/pins';
import { useTopic } from '../../api/findings/topics';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { DataTable } from '../../components/data-table/data-table';
import { formatDateTime } from '../../components/format';
import { FindingState } from './parts/finding-state';
import { fittedHeight } from './parts/finding-table';
import { PageFrame } from './parts/page-frame';
import { Figures, Section, SeverityTag } from './parts/section';
import { useEvidenceUi } from './parts/use-evidence-ui';

/** The locker page a pin came from, by its title ('file-access' reads 'File access'). */
function pageTitle(slug: string | null): string | null {
  if (!slug) return null;
  const route = routes[`evidence.${slug}` as keyof typeof routes] as { title: string } | undefined;
  return route ? route.title.replace(/^Evidence: /, '') : slug;
}

/** A sentence ends with a full stop before the next one starts. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text : `${text}.`);

const pinColumns = (unpin: (id: string) => void): DataTableColumn<Pin>[] => [
  {
    id: 'label',
    header: 'Evidence',
    value: (p) => p.label,
    cell: (p) => <span title={p.label}>{p.label}</span>,
  },
  {
    id: 'page',
    header: 'From',
    value: (p) => pageTitle(p.page) ?? p.kind,
    cell: (p) => (p.page ? <Link to={p.page}>{pageTitle(p.page)}</Link> : p.kind),
    width: 170,
  },
  {
    id: 'note',
    header: 'Note',
    value: (p) => p.note,
    cell: (p) => <span title={p.note}>{p.note}</span>,
  },
  { id: 'by', header: 'Pinned by', value: (p) => p.createdBy?.displayName ?? '—', width: 150 },
  {
    id: 'at',
    header: 'When',
    value: (p) => p.createdAt,
    cell: (p) => formatDateTime(p.createdAt),
    width: 170,
  },
  {
    id: 'unpin',
    header: '',
    value: () => '',
    sortable: false,
    width: 80,
    cell: (p) => (
      <button
        type="button"
        className="button small ghost"
        tabIndex={-1}
        onClick={() => unpin(p.id)}
        title={`Unpin ${p.label}`}
      >
        Unpin
      </button>
    ),
  },
];

/** The locker's summary: narrative, key figures, what to do next, and what was pinned. */
export default function EvidenceIndex() {
  const { id, window } = useEvidenceUi();
  const summary = useTopic(id, 'summary', window);
  const remediation = useTopic(id, 'remediation', window);
  const pins = usePins(id);
  const unpin = useDeletePin(id);
  const { mutate } = unpin;
  const columns = useMemo(() => pinColumns(mutate), [mutate]);
  return (
    <PageFrame
      title="Summary"
      lede="What the subject did in this window, the figures behind it, what to do about it and the evidence pinned so far."
    >
      <FindingState query={summary} what="summary">
        {(data) => (
          <>
            <Section title="What happened">
              <ul className="evidence-narrative">
                {data.narrative.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Section>
            <Figures
              items={data.figures.map((f) => ({
                label: f.label,
                value: f.page ? (
                  <Link to={f.page}>{`${f.value}${f.unit ?? ''}`}</Link>
                ) : (
                  `${f.value}${f.unit ?? ''}`
                ),
                tone:
                  f.severity === 'high' || f.severity === 'critical'
                    ? 'danger'
                    : f.severity === 'medium'
                      ? 'warning'
                      : null,
              }))}
            />
          </>
        )}
      </FindingState>
      <Section title="Remediation" hint="Most urgent first; each answers a finding.">
        <FindingState query={remediation} what="remediation suggestions">
          {(data) =>
            data.suggestions.length ? (
              <ol className="evidence-list">
                {data.suggestions.map((s) => (
                  <li key={s.id}>
                    <SeverityTag severity={s.severity} />
                    <div>
                      <strong>{s.action}</strong>
                      <div className="muted">
                        {sentence(s.rationale)} Answers{' '}
                        <Link to={s.finding.page}>{s.finding.title}</Link>.
                      </div>
                    </div>
                  </li>
                ))}
              </ol>
            ) : (
              <div className="muted">Nothing calls for action in this window.</div>
            )
          }
        </FindingState>
      </Section>
      <Section title="Pinned evidence" hint="Pin any finding row with p (or its Pin row button).">
        <DataTable<Pin>
          label="Pinned evidence"
          columns={columns}
          rows={pins.data?.pins ?? []}
          getRowId={(p) => p.id}
          loading={pins.isPending}
          height={fittedHeight(pins.data?.pins.length ?? 0, 320)}
          emptyMessage="Nothing is pinned yet."
        />
      </Section>
    </PageFrame>
  );
}
