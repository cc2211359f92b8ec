import './audit.css';

import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { AuditEntry } from '../../../shared/schemas/audit';
import {
  auditKeys,
  downloadAuditCsv,
  fetchAuditPage,
  viewedPeopleQuery,
} from '../../api/audit/audit';
import { setActiveAuditScreen } from '../../commands/audit/audit-screen';
import { DataTable } from '../../components/data-table/data-table';
import type { ServerSource } from '../../components/data-table/data-table';
import { PageHeader } from '../../components/page-header';
import { useFillHeight } from '../../components/use-fill-height';
import { AuditEntryDialog } from './audit-entry-dialog';
import { auditColumns } from './audit-columns';
import { AuditFilterBar } from './audit-filter-bar';
import { describeAuditFilter, filterFromParams, paramsFromFilter } from './audit-filters';
import { PersonViewsPanel } from './person-views-panel';

/** Entries per page; the next page is fetched as the cursor nears the end of the loaded rows. */
const PAGE_SIZE = 200;

/**
 * The audit log (issue 17): who did what to which case or person and when, newest first,
 * server-paged and virtualized, filtered by user, person, case, action and time (f). Enter opens
 * an entry's details; e downloads the filtered view as CSV. With a person filter, a panel counts
 * who viewed that person's data and how often. The filters live in the URL.
 */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const people = useQuery(viewedPeopleQuery());
  const [opened, setOpened] = useState<AuditEntry | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const firstFilter = useRef<HTMLInputElement>(null);
  const tableFrame = useRef<HTMLDivElement>(null);
  const tableHeight = useFillHeight(tableFrame, 320);
  const filterRef = useRef(filter);
  filterRef.current = filter;

  const toRows = useCallback(() => {
    frame.current?.querySelector<HTMLElement>('[role="grid"]')?.focus();
  }, []);
  useEffect(
    () =>
      setActiveAuditScreen({
        openFilters: () => {
          firstFilter.current?.focus();
          firstFilter.current?.select();
        },
        exportCsv: () => downloadAuditCsv(filterRef.current),
      }),
    [],
  );

  const source = useMemo<ServerSource<AuditEntry>>(
    () => ({
      key: auditKeys.entries(filter),
      fetchPage: async ({ cursor, signal }) => {
        const page = await fetchAuditPage(
          filter,
          { before: cursor === null ? null : Number(cursor), limit: PAGE_SIZE },
          signal,
        );
        return {
          rows: page.entries,
          nextCursor: page.nextBefore === null ? null : String(page.nextBefore),
        };
      },
    }),
    [filter],
  );

  const personLabel = useCallback(
    (id: string) => people.data?.people.find((p) => p.person.id === id)?.person.pseudonym ?? id,
    [people.data],
  );
  const described = describeAuditFilter(filter, personLabel);

  return (
    <div className="page audit-page" ref={frame}>
      <PageHeader
        title="Audit log"
        subtitle={
          <>
            Who did what to which case or person, newest first
            {described.length ? ` · ${described.join(' · ')}` : null}
            {' · '}
            <span className="faint">f filters, Enter opens an entry, e exports CSV</span>
          </>
        }
        actions={
          <>
            {params.size > 0 ? (
              <button
                type="button"
                className="button small"
                onClick={() => setParams(new URLSearchParams(), { replace: true })}
              >
                Clear filters
              </button>
            ) : null}
          </>
        }
      />
      {filter.person ? (
        <PersonViewsPanel employeeId={filter.person} from={filter.from} to={filter.to} />
      ) : null}
      <div ref={tableFrame} className="audit-table" style={{ height: tableHeight }}>
        <DataTable<AuditEntry>
          label="Audit log"
          columns={auditColumns}
          source={source}
          getRowId={(e) => String(e.id)}
          height="fill"
          exportName="audit-log"
          exportAll={() => downloadAuditCsv(filter)}
          filterable={false}
          mainGrid
          onOpen={(e) => setOpened(e)}
          emptyMessage={
            described.length ? 'No audit entry matches these filters.' : 'The audit log is empty.'
          }
          toolbarExtra={
            <AuditFilterBar
              filter={filter}
              people={people.data?.people ?? []}
              personLabel={personLabel}
              onApply={(next) => setParams(paramsFromFilter(next), { replace: true })}
              onDone={toRows}
              firstRef={firstFilter}
            />
          }
        />
      </div>
      {opened ? <AuditEntryDialog entry={opened} onClose={() => setOpened(null)} /> : null}
    </div>
  );
}
