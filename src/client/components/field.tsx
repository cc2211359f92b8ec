import { useId } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { cloneElement } from 'react';

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
  const describedBy = props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {cloneElement(props.children, {
        id,
        'aria-invalid': props.error ? 'true' : undefined,
        'aria-describedby': describedBy,
      })}
      {props.error ? (
        <div className="field-error" id={`${id}-error`}>
          {props.error}
        </div>
      ) : props.hint ? (
        <div className="field-hint" id={`${id}-hint`}>
          {props.hint}
        </div>
      ) : null}
    </div>
  );
}
