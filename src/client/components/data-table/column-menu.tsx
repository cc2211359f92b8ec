import type { KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';

/** One entry of the column visibility menu. */
export interface ColumnChoice {
  id: string;
  header: string;
  visible: boolean;
}

/**
 * The "Columns" button and its checkbox list (a disclosure, not an ARIA menu, so the native
 * checkboxes keep their own keys). The last visible column cannot be hidden: a grid without
 * columns has nothing to put the cursor on.
 */
export function ColumnMenu(props: {
  columns: readonly ColumnChoice[];
  onToggle: (id: string, visible: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const visibleCount = props.columns.filter((column) => column.visible).length;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    // Handled here so the global escape binding does not also clear the grid's selection.
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="dt-column-menu" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="button small"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Columns
      </button>
      {open ? (
        <fieldset id={panelId} className="dt-column-panel">
          <legend className="visually-hidden">Visible columns</legend>
          {props.columns.map((column) => (
            <label key={column.id} className="checkbox">
              <input
                type="checkbox"
                checked={column.visible}
                disabled={column.visible && visibleCount === 1}
                onChange={(event) => props.onToggle(column.id, event.target.checked)}
              />
              {column.header}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
