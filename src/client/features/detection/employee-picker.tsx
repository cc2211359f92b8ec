import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';

import type { Employee } from '../../../shared/schemas/employees';
import { Tooltip } from '../../components/tooltip';

/** How many matches the list shows at once; typing more narrows it. */
const SHOWN = 8;

/** The people whose name, email or id contain the typed text, leaving out those chosen. */
export function matchEmployees(
  employees: readonly Employee[],
  query: string,
  chosen: readonly string[],
): Employee[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const taken = new Set(chosen);
  return employees
    .filter(
      (e) =>
        !taken.has(e.id) &&
        (e.fullName.toLowerCase().includes(needle) ||
          e.email.toLowerCase().includes(needle) ||
          e.id.toLowerCase().includes(needle)),
    )
    .slice(0, SHOWN);
}

/**
 * Picks people from the directory (ARIA combobox): type to filter, Down and Up move through the
 * matches, Enter adds the one marked (it never sends the form), Backspace in an empty box takes
 * the last one off; each chosen person has a Remove button. `id` and the aria props come from
 * the Field around it.
 */
export function EmployeePicker(props: {
  employees: readonly Employee[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  id?: string;
  'aria-invalid'?: 'true';
  'aria-describedby'?: string;
}) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const byId = new Map(props.employees.map((e) => [e.id, e]));
  const matches = matchEmployees(props.employees, query, props.chosen);
  const current = matches[Math.min(active, matches.length - 1)];
  const optionId = (index: number) => `${listId}-option-${index}`;

  const add = (employee: Employee) => {
    props.onChange([...props.chosen, employee.id]);
    setQuery('');
    setActive(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (matches.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(
        (index) => (Math.min(index, matches.length - 1) + step + matches.length) % matches.length,
      );
    } else if (event.key === 'Enter') {
      // Enter picks; it never sends the form (Ctrl+Enter does).
      event.preventDefault();
      if (current) add(current);
    } else if (event.key === 'Backspace' && query === '' && props.chosen.length > 0) {
      props.onChange(props.chosen.slice(0, -1));
    }
  };

  return (
    <div className="stack">
      <input
        id={props.id}
        className="input"
        role="combobox"
        aria-expanded={matches.length > 0}
        aria-controls={matches.length > 0 ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={current ? optionId(matches.indexOf(current)) : undefined}
        aria-invalid={props['aria-invalid']}
        aria-describedby={props['aria-describedby']}
        placeholder="Type a name, email or id"
        autoComplete="off"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      {matches.length > 0 ? (
        <ul className="picker-options" role="listbox" id={listId} aria-label="Matching people">
          {matches.map((employee, index) => (
            <li
              key={employee.id}
              id={optionId(index)}
              role="option"
              className="picker-option"
              aria-selected={employee === current}
              // Mouse down, not click: the box keeps the focus.
              onMouseDown={(event) => {
                event.preventDefault();
                add(employee);
              }}
            >
              <span>{employee.fullName}</span>
              <span className="faint">
                {employee.email} · {employee.id}
              </span>
            </li>
          ))}
        </ul>
      ) : query.trim() ? (
        <div className="muted">Nobody else matches “{query.trim()}”.</div>
      ) : null}
      {props.chosen.length > 0 ? (
        <ul className="picker-chosen" aria-label="Chosen people">
          {props.chosen.map((id) => {
            const name = byId.get(id)?.fullName ?? id;
            return (
              <li key={id}>
                {name}
                <Tooltip content={`Remove ${name}`}>
                  <button
                    type="button"
                    className="button ghost small"
                    aria-label={`Remove ${name}`}
                    onClick={() => props.onChange(props.chosen.filter((other) => other !== id))}
                  >
                    ×
                  </button>
                </Tooltip>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
