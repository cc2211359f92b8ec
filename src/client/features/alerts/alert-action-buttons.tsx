import type { Permission } from '../../../shared/permissions';
import type { AlertSummary } from '../../../shared/schemas/alerts';
import type { AlertAction } from '../../commands/alert/alert-availability';
import { alertActionBlocked } from '../../commands/alert/alert-availability';
import { runCommand } from '../../commands/run-command';
import { CommandButton } from '../../components/command-button';
import { useKeyLabel } from '../../keymap/key-hint';

const BUTTONS: ReadonlyArray<{
  action: AlertAction;
  command: string;
  label: string;
  hint: string;
}> = [
  {
    action: 'dismiss',
    command: 'alert.dismiss',
    label: 'Dismiss…',
    hint: 'Not a concern: asks for the reason',
  },
  { action: 'assign', command: 'alert.assign', label: 'Assign…', hint: 'Choose who handles it' },
  { action: 'review', command: 'alert.review', label: 'In review', hint: 'Someone is on it' },
  {
    action: 'escalate',
    command: 'alert.escalate',
    label: 'Open case',
    hint: 'Open an investigation about the person, or add the alert to their open one',
  },
];

/**
 * The alert commands as buttons, each with its key; a button that cannot act says why in its
 * tooltip, with the same rule the keys and the palette use.
 */
export function AlertActionButtons(props: {
  /** The alerts the buttons would act on; null while there is no screen to act on. */
  alerts: readonly AlertSummary[];
  permissions: ReadonlySet<Permission>;
}) {
  return (
    <div className="toolbar alert-actions" role="group" aria-label="Alert actions">
      {BUTTONS.map((button) => (
        <ActionButton
          key={button.action}
          {...button}
          disabledReason={alertActionBlocked(button.action, props.permissions, props.alerts)}
        />
      ))}
    </div>
  );
}

/** One action: its label and key on the button, what it does (and the key) in its tooltip. */
function ActionButton(props: {
  command: string;
  label: string;
  hint: string;
  disabledReason: string | null;
}) {
  const key = useKeyLabel(props.command);
  return (
    <CommandButton
      className="button small"
      disabledReason={props.disabledReason}
      hint={key ? `${props.hint} (${key})` : props.hint}
      onClick={() => void runCommand(props.command, undefined, 'button')}
    >
      {props.label}
      {key ? <kbd aria-hidden="true">{key}</kbd> : null}
    </CommandButton>
  );
}
