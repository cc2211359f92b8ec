import type { RowData } from '@tanstack/react-table';
import { useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { pinDraftAtom, setPinSource } from '../../../state/pin-draft';
import type { PinDraft, PinTarget } from '../../../state/pin-draft';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn, ServerSource } from '../../../components/data-table/data-table';
import { ROW_HEIGHT } from '../../../components/data-table/grid-rows';
import { Tooltip } from '../../../components/tooltip';
import { PinMark, useEvidencePageSlug, usePinnedKeys, usePinTarget } from './pin-marks';
import { useCaseId } from './use-evidence-ui';

/** How a finding row is pinned: what names it to the server, and how a pinned one is marked. */
export type PinOf<T> = (row: T) => PinTarget;

/** Props of a finding table: a DataTable whose rows can be pinned (p) and opened (o). */
export interface FindingTableProps<T extends RowData> {
  /** The case the pins go to; by default the case of the route. */
  investigationId?: string;
  label: string;
  columns: readonly DataTableColumn<T>[];
  getRowId: (row: T) => string;
  rows?: T[];
  source?: ServerSource<T>;
  pin: PinOf<T>;
  onOpen?: (row: T) => void;
  height?: number;
  emptyMessage?: ReactNode;
  toolbarExtra?: ReactNode;
  /** Take the keyboard focus when shown (a drill-down dialog), so j/k and o work at once. */
  autoFocus?: boolean;
}

/**
 * The height of a table of `count` client rows: no taller than the rows need (a header and at
 * least two rows' room for the empty message), never taller than `max`.
 */
export function fittedHeight(count: number, max: number): number {
  return Math.min(max, (Math.max(count, 2) + 1) * ROW_HEIGHT + 4);
}

/**
 * The row under the grid's cursor. DataTable marks it with aria-activedescendant; the first
 * cell of every row carries the row id (see `withRowKey`), so the table can find its row.
 */
function cursorRowId(container: HTMLElement | null): string | null {
  const grid = container?.querySelector<HTMLElement>('[role="grid"]');
  const active = grid?.getAttribute('aria-activedescendant');
  const row = active ? document.getElementById(active) : grid?.querySelector('[data-cursor]');
  return row?.querySelector<HTMLElement>('[data-row-key]')?.dataset.rowKey ?? null;
}

/**
 * Every finding list: DataTable plus pinning of the focused row with `p` or the Pin button.
 * Rows already pinned carry a pushpin; opened on a pin (`?pin=<ref>`, `o` in the locker's
 * pinned list), the table holding that row puts its cursor there and takes the focus.
 */
export function FindingTable<T extends RowData>(props: FindingTableProps<T>) {
  const { pin, getRowId, rows, onOpen } = props;
  const routeCaseId = useCaseId();
  const investigationId = props.investigationId ?? routeCaseId;
  const container = useRef<HTMLDivElement>(null);
  const setDraft = useSetAtom(pinDraftAtom);
  const byId = useRef(new Map<string, T>());
  useEffect(() => {
    byId.current = new Map((rows ?? []).map((row) => [getRowId(row), row]));
  }, [rows, getRowId]);

  const pinned = usePinnedKeys(investigationId);
  const isPinned = useCallback((row: T) => pinned.has(pin(row).mark), [pin, pinned]);
  const columns = useMemo(
    () => withRowKey(props.columns, getRowId, isPinned),
    [props.columns, getRowId, isPinned],
  );
  // A pin remembers the page it was made on, also for rows (events) that do not name one.
  const sourcePage = useEvidencePageSlug();
  const draft = useCallback((): PinDraft | null => {
    const id = cursorRowId(container.current);
    const row = id ? byId.current.get(id) : undefined;
    if (!row) return null;
    const target = pin(row);
    if (target.page !== null || !sourcePage || !target.body.eventIds) {
      return { investigationId, target };
    }
    return {
      investigationId,
      target: { ...target, page: sourcePage, body: { ...target.body, page: sourcePage } },
    };
  }, [investigationId, pin, sourcePage]);

  const target = usePinTarget();
  // Server-paged rows arrive page by page: the pinned row is looked for in each one loaded.
  const [pagesLoaded, setPagesLoaded] = useState(0);
  const targetRowId = useMemo(() => {
    if (!target) return null;
    const candidates = rows ?? (pagesLoaded > 0 ? [...byId.current.values()] : []);
    const row = candidates.find((candidate) => pin(candidate).ref === target);
    return row ? getRowId(row) : null;
  }, [target, rows, pagesLoaded, pin, getRowId]);
  useEffect(() => {
    if (!targetRowId) return;
    // After the grid has moved its cursor to the row (its own effect).
    const timer = window.setTimeout(() => {
      container.current?.querySelector<HTMLElement>('[role="grid"]')?.focus();
    });
    return () => window.clearTimeout(timer);
  }, [targetRowId]);

  // The pin command asks the table that has the focus.
  const release = useRef<(() => void) | null>(null);
  const onFocus = () => {
    release.current?.();
    release.current = setPinSource(draft);
  };
  useEffect(() => () => release.current?.(), []);

  // After the dialog around it has placed its own focus (its effect runs after this one).
  const { autoFocus } = props;
  useEffect(() => {
    if (!autoFocus) return;
    const timer = window.setTimeout(() => {
      container.current?.querySelector<HTMLElement>('[role="grid"]')?.focus();
    });
    return () => window.clearTimeout(timer);
  }, [autoFocus]);

  const rememberServerRows = useMemo(() => {
    if (!props.source) return undefined;
    const source = props.source;
    return {
      key: source.key,
      fetchPage: async (args: Parameters<ServerSource<T>['fetchPage']>[0]) => {
        const page = await source.fetchPage(args);
        for (const row of page.rows) byId.current.set(getRowId(row), row);
        setPagesLoaded((n) => n + 1);
        return page;
      },
    } satisfies ServerSource<T>;
  }, [props.source, getRowId]);

  return (
    <div ref={container} onFocus={onFocus} className="finding-table">
      <DataTable<T>
        label={props.label}
        columns={columns}
        getRowId={getRowId}
        {...(rows ? { rows } : {})}
        {...(rememberServerRows ? { source: rememberServerRows } : {})}
        height={rows ? fittedHeight(rows.length, props.height ?? 360) : (props.height ?? 360)}
        emptyMessage={props.emptyMessage}
        exportName={props.label}
        onOpen={onOpen ? (row) => onOpen(row) : undefined}
        selectedRowId={targetRowId}
        toolbarExtra={
          <>
            {props.toolbarExtra}
            <Tooltip content="Pin the row under the cursor to the evidence (p)">
              <button
                type="button"
                className="button small"
                onClick={() => {
                  const next = draft();
                  if (next) setDraft(next);
                }}
              >
                Pin row
              </button>
            </Tooltip>
          </>
        }
      />
    </div>
  );
}

/**
 * Wraps the first column's cell so the row can be found from the DOM by its id, and marks a
 * pinned row there with a pushpin.
 */
function withRowKey<T>(
  columns: readonly DataTableColumn<T>[],
  getRowId: (row: T) => string,
  isPinned: (row: T) => boolean,
): DataTableColumn<T>[] {
  return columns.map((column, index) => {
    if (index !== 0) return column;
    const render = column.cell ?? ((row: T) => String(column.value(row) ?? ''));
    return {
      ...column,
      cell: (row: T) => (
        <span data-row-key={getRowId(row)}>
          {isPinned(row) ? <PinMark /> : null}
          {render(row)}
        </span>
      ),
    };
  });
}
