import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';

import { evidencePages } from '../../../shared/findings/catalogue';
import type { ChecklistStep } from '../../../shared/schemas/templates';
import { tickChecklistStep, useChecklist } from '../../api/investigations/case-checklist';
import { setActiveList } from '../../components/data-table/list-controller';
import { formatDateTime } from '../../components/format';
import { KeyHint } from '../../keymap/key-hint';
import './case-checklist.css';

/**
 * The case's checklist (its copy of the template's steps) with its progress, and the evidence
 * pages the template asks to review as links with their keys. Keys, with the list focused
 * (Tab): j/k move, Space or x ticks or unticks the step under the cursor (audited); the
 * palette's "Tick checklist step…" does the same from anywhere in the case.
 */
export function CaseChecklist(props: { investigationId: string }) {
  const checklist = useChecklist(props.investigationId);
  if (!checklist.data || checklist.data.templateId === null) return null;
  const { steps, progress, template } = checklist.data;
  return (
    <section className="card case-checklist" aria-labelledby="case-checklist-title">
      <header>
        <h2 id="case-checklist-title">Checklist</h2>
        <span className="muted">
          {progress.done} of {progress.total} done
          {template ? ` · from ${template.name}` : ' · its template was deleted'}
        </span>
      </header>
      <div className="card-body stack">
        <progress
          className="progress-bar"
          max={Math.max(progress.total, 1)}
          value={progress.done}
          aria-label={`Checklist progress: ${progress.done} of ${progress.total}`}
        />
        <StepList investigationId={props.investigationId} steps={steps} />
        {template && template.evidencePages.length > 0 ? (
          <nav aria-label="Evidence pages to review" className="checklist-pages">
            <span className="muted">Review:</span>
            {template.evidencePages.map((page) => (
              <Link key={page} to={`evidence-locker/${page}`} className="checklist-page">
                {evidencePages[page].title} <KeyHint commandId={`nav.evidence.${page}`} />
              </Link>
            ))}
          </nav>
        ) : null}
      </div>
    </section>
  );
}

function StepList(props: { investigationId: string; steps: ChecklistStep[] }) {
  const { steps, investigationId } = props;
  const [cursor, setCursor] = useState(0);
  const busy = useRef(false);
  const latest = useRef({ steps, cursor });
  useLayoutEffect(() => {
    latest.current = { steps, cursor };
  });
  const at = Math.min(cursor, Math.max(steps.length - 1, 0));

  const toggle = async (index: number) => {
    const step = latest.current.steps[index];
    if (!step || busy.current) return;
    busy.current = true;
    try {
      const next = await tickChecklistStep(investigationId, step.id, !step.done);
      toast.success(
        `${step.done ? 'Unticked' : 'Ticked'}: ${step.label} (${next.progress.done} of ${next.progress.total})`,
      );
    } catch (error) {
      toast.error('The checklist could not be changed', {
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      busy.current = false;
    }
  };
  const actions = useRef({ toggle });
  useLayoutEffect(() => {
    actions.current = { toggle };
  });

  // The list commands (j/k, x, Enter) act on this list while it has the focus.
  const unregister = useRef<(() => void) | null>(null);
  useEffect(() => () => unregister.current?.(), []);
  const move = (by: number) =>
    setCursor((c) => Math.max(0, Math.min(latest.current.steps.length - 1, c + by)));
  const onFocus = () => {
    unregister.current ??= setActiveList({
      next: () => move(1),
      prev: () => move(-1),
      first: () => setCursor(0),
      last: () => setCursor(latest.current.steps.length - 1),
      extendNext: () => move(1),
      extendPrev: () => move(-1),
      toggleSelect: () => void actions.current.toggle(latest.current.cursor),
      selectAll: () => undefined,
      clearSelection: () => false,
      open: () => void actions.current.toggle(latest.current.cursor),
      exportCsv: () => undefined,
      selectionCount: () => 0,
    });
  };
  const onBlur = () => {
    unregister.current?.();
    unregister.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === ' ') {
      event.preventDefault();
      void toggle(at);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // The keymap moves the cursor; the page must not scroll as well.
      event.preventDefault();
    }
  };

  const idOf = (step: ChecklistStep) => `checklist-step-${step.id}`;
  return (
    <ul
      className="checklist-steps"
      role="listbox"
      aria-label="Checklist steps: Space or x ticks the step under the cursor"
      aria-multiselectable="true"
      aria-activedescendant={steps[at] ? idOf(steps[at]) : undefined}
      tabIndex={0}
      data-list
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {steps.map((step, index) => (
        <li
          key={step.id}
          id={idOf(step)}
          role="option"
          aria-selected={step.done}
          className={`checklist-step${index === at ? ' cursor' : ''}${step.done ? ' done' : ''}`}
          onClick={() => {
            setCursor(index);
            void toggle(index);
          }}
        >
          <span className="checklist-box" aria-hidden="true">
            {step.done ? '✓' : ''}
          </span>
          <span className="checklist-label">{step.label}</span>
          {step.done && step.doneBy ? (
            <span className="faint checklist-who">
              {step.doneBy.displayName}, {formatDateTime(step.doneAt)}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
