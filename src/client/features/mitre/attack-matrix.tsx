import { useEffect, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent } from 'react';

import { severityLabels } from '../../../shared/incident-model';
import { Tooltip } from '../../components/tooltip';
import { firstPosition, move } from './matrix-model';
import type { CellPosition, MatrixColumn } from './matrix-model';
import { plural } from '../../../shared/wording';

const KEYS: Record<string, Parameters<typeof move>[2]> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Home: 'home',
  End: 'end',
};

/** How strongly a cell is shaded: more incidents, stronger colour. */
function intensity(count: number): number {
  return Math.min(100, 38 + (count - 1) * 18);
}

/**
 * The ATT&CK matrix: tactics as columns in ATT&CK's order, every catalogue technique as a cell,
 * observed ones shaded by severity (colour) and incident count (strength), the rest faint.
 * Tactics without an insider technique in the catalogue stay as narrow columns, so the order
 * reads as ATT&CK's. One cell is in the tab order; arrow keys, Home and End move between
 * cells, Enter or a click chooses one.
 */
export function AttackMatrix(props: {
  columns: readonly MatrixColumn[];
  onChoose: (techniqueId: string) => void;
}) {
  const { columns } = props;
  const [position, setPosition] = useState<CellPosition | null>(() => firstPosition(columns));
  const container = useRef<HTMLDivElement>(null);
  const at =
    position && columns[position.column]?.cells[position.row] ? position : firstPosition(columns);
  const observedCount = columns.reduce(
    (n, column) => n + column.cells.filter((cell) => cell.observed).length,
    0,
  );

  const focusCell = (target: CellPosition) =>
    container.current
      ?.querySelector<HTMLElement>(`[data-cell="${target.column}:${target.row}"]`)
      ?.focus();

  // Keyboard-first: once observations arrive, the first observed technique takes the focus.
  // Only a wide matrix scrolls (sideways) to it: scrolling the page down to a cell low in its
  // column would hide the case header and the legend the moment the view opens.
  const focusedOnce = useRef(false);
  useEffect(() => {
    if (focusedOnce.current || observedCount === 0) return;
    focusedOnce.current = true;
    const first = firstPosition(columns);
    if (!first) return;
    setPosition(first);
    const box = container.current;
    const cell = box?.querySelector<HTMLElement>(`[data-cell="${first.column}:${first.row}"]`);
    if (!box || !cell) return;
    cell.focus({ preventScroll: true });
    const outer = box.getBoundingClientRect();
    const inner = cell.getBoundingClientRect();
    if (inner.right > outer.right) box.scrollLeft += inner.right - outer.right + 8;
    else if (inner.left < outer.left) box.scrollLeft -= outer.left - inner.left + 8;
  }, [columns, observedCount]);

  const onKeyDown = (event: KeyboardEvent) => {
    const key = KEYS[event.key];
    if (!key || !at || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const next = move(columns, at, key);
    setPosition(next);
    focusCell(next);
  };

  const template = columns
    .map((column) => (column.cells.length === 0 ? '34px' : 'minmax(96px, 1fr)'))
    .join(' ');
  return (
    <div
      ref={container}
      className="attack-matrix"
      style={{ gridTemplateColumns: template }}
      onKeyDown={onKeyDown}
      aria-label="ATT&CK matrix: arrow keys move between techniques, Enter opens their incidents"
    >
      {columns.map((column, c) => (
        <section
          key={column.tactic.id}
          className={`attack-column${column.cells.length === 0 ? ' is-empty' : ''}`}
          aria-labelledby={`tactic-${column.tactic.id}`}
        >
          <Tooltip
            content={`${column.tactic.id} ${column.tactic.name}${column.cells.length === 0 ? ': no insider technique in Vigil’s catalogue' : ''}`}
          >
            <h3 id={`tactic-${column.tactic.id}`} className="attack-tactic">
              {column.tactic.name}
              <span className="faint attack-tactic-count">
                {column.cells.filter((cell) => cell.observed).length || ''}
              </span>
            </h3>
          </Tooltip>
          {column.cells.map((cell, r) => {
            const observed = cell.observed;
            const sub = cell.technique.id.includes('.');
            const focused = at?.column === c && at.row === r;
            const style = observed
              ? ({ '--shade': `${intensity(observed.count)}%` } as CSSProperties)
              : undefined;
            // The name holds the visible text (id, name, count) in order, then what the count
            // means; the tooltip shows the same sentence.
            const label = observed
              ? `${cell.technique.id} ${cell.technique.name}: ${plural(observed.count, 'incident')}, worst ${severityLabels[observed.maxSeverity].toLowerCase()}`
              : `${cell.technique.id} ${cell.technique.name}: not observed`;
            return (
              <Tooltip key={cell.technique.id} content={label}>
                <button
                  type="button"
                  data-cell={`${c}:${r}`}
                  tabIndex={focused ? 0 : -1}
                  className={`attack-cell${sub ? ' is-sub' : ''}${observed ? ` is-observed severity-${observed.maxSeverity}` : ''}`}
                  style={style}
                  onFocus={() => setPosition({ column: c, row: r })}
                  aria-label={label}
                  onClick={() => props.onChoose(cell.technique.id)}
                >
                  <span className="attack-cell-id mono">{cell.technique.id}</span>{' '}
                  <span className="attack-cell-name">{cell.technique.name}</span>
                  {observed ? (
                    <>
                      {' '}
                      <span className="attack-cell-count">{observed.count}</span>
                    </>
                  ) : null}
                </button>
              </Tooltip>
            );
          })}
        </section>
      ))}
    </div>
  );
}
