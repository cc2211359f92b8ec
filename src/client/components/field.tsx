import { useId } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { cloneElement } from 'react';

/** The problem or, failing that, the hint under a control, with the id that describes it. */
function Note(props: { id: string; error?: string | null | undefined; hint?: ReactNode }) {
  if (props.error)
    return (
      <div className="field-error" id={`${props.id}-error`}>
        {props.error}
      </div>
    );
  if (props.hint)
    return (
      <div className="field-hint" id={`${props.id}-hint`}>
        {props.hint}
      </div>
    );
  return null;
}

const describedBy = (id: string, error: unknown, hint: unknown) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

/**
 * A labelled form control with its hint and error, wired for screen readers: the control gets
 * the id, aria-invalid and aria-describedby.
 */
export function Field(props: {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {cloneElement(props.children, {
        id,
        'aria-invalid': props.error ? 'true' : undefined,
        'aria-describedby': describedBy(id, props.error, props.hint),
      })}
      <Note id={id} error={props.error} hint={props.hint} />
    </div>
  );
}

/**
 * A group of checkboxes (roles, permissions) under a legend, with its error said after the
 * group. The group is marked `data-invalid`, so the first field with a problem can take the focus.
 */
export function FieldGroup(props: {
  legend: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className="card field-group"
      style={{ padding: 10, display: 'grid', gap: 4 }}
      data-invalid={props.error ? 'true' : undefined}
      aria-describedby={describedBy(id, props.error, props.hint)}
    >
      <legend className="muted">{props.legend}</legend>
      {props.children}
      <Note id={id} error={props.error} hint={props.hint} />
    </fieldset>
  );
}

/** A problem of the whole form (not of one field), announced as it appears. */
export function FormProblem(props: { children: ReactNode }) {
  if (!props.children) return null;
  return (
    <div className="alert error" role="alert">
      {props.children}
    </div>
  );
}
