import type { ReactNode } from 'react';

import { Tooltip } from '../tooltip';
import type { ColumnChoice } from './column-menu';
import { ColumnMenu } from './column-menu';
import { formatCount } from './row-count';

/** Filter box, the page's own controls, row count, column menu and CSV export, in one line. */
export function GridToolbar(props: {
  label: string;
  /** False: no filter box (see DataTableProps.filterable). */
  filterable: boolean;
  filterText: string;
  onFilterText: (text: string) => void;
  /** Down or Enter in the filter box: the user is done typing and moves into the rows. */
  onEnterRows: () => void;
  extra?: ReactNode;
  countText: string;
  selectedCount: number;
  columns: readonly ColumnChoice[];
  onToggleColumn: (id: string, visible: boolean) => void;
  onExport: () => void;
  exportTitle: string;
}) {
  return (
    <div className="toolbar dt-toolbar">
      {props.filterable ? (
        <input
          type="search"
          className="input dt-filter"
          placeholder="Filter…"
          aria-label={`Filter ${props.label}`}
          value={props.filterText}
          onChange={(event) => props.onFilterText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown' && event.key !== 'Enter') return;
            event.preventDefault();
            props.onEnterRows();
          }}
        />
      ) : null}
      {props.extra}
      <span className="dt-toolbar-spacer" />
      <span className="dt-count muted">
        {props.countText}
        {props.selectedCount > 0 ? ` · ${formatCount(props.selectedCount)} selected` : null}
      </span>
      <ColumnMenu columns={props.columns} onToggle={props.onToggleColumn} />
      <Tooltip content={props.exportTitle}>
        <button type="button" className="button small" onClick={props.onExport}>
          Export CSV
        </button>
      </Tooltip>
    </div>
  );
}
