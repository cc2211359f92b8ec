import type { ReactNode, Ref } from 'react';

import { Dialog } from './dialog';
import { FormProblem } from './field';

/**
 * The frame of every dialog that is one form: the title, the fields, the form's own problem
 * under them, and Cancel and the action in the footer. Enter in a field sends the form (and
 * Ctrl+Enter from anywhere in it, through the `form.submit` command), Escape closes (Dialog),
 * and while `busy` the action is off and says what is happening. `onSubmit` runs only when the
 * form is `ready` and not busy; the dialog owns its fields, its checks and its mutation.
 */
export function FormDialog(props: {
  title: string;
  /** The form's id: the footer's action button submits it. */
  formId: string;
  /** The action button's words: "Create watchlist". */
  action: ReactNode;
  /** What the action says while busy ("Creating…"); its usual words when not given. */
  busyAction?: ReactNode;
  /** `danger` for an action that removes or ends something. */
  tone?: 'primary' | 'danger';
  busy: boolean;
  /** False keeps the action off (a required field still empty). */
  ready?: boolean;
  /** A problem of the whole form (not of one field), said under the fields. */
  problem?: string | null;
  /** The key that sends the form from anywhere in it, shown on the action (useKeyLabel). */
  submitKey?: string | null;
  /** The words of the button that closes without sending: "Cancel". */
  cancel?: string;
  /** More buttons, between Cancel and the action (a Test button). */
  actions?: ReactNode;
  /** The form element: useFieldProblems's ref, so a refused field takes the focus. */
  formRef?: Ref<HTMLFormElement>;
  wide?: boolean;
  onSubmit: () => void | Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const ready = props.ready ?? true;
  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      wide={props.wide}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            {props.cancel ?? 'Cancel'}
          </button>
          {props.actions}
          <button
            type="submit"
            form={props.formId}
            className={`button ${props.tone ?? 'primary'} form-dialog-action`}
            disabled={!ready || props.busy}
          >
            {props.busy && props.busyAction ? props.busyAction : props.action}
            {props.submitKey ? <kbd aria-hidden="true">{props.submitKey}</kbd> : null}
          </button>
        </>
      }
    >
      <form
        id={props.formId}
        ref={props.formRef}
        className="form-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !props.busy) void props.onSubmit();
        }}
      >
        {props.children}
        <FormProblem>{props.problem}</FormProblem>
      </form>
    </Dialog>
  );
}
