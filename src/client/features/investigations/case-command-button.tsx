import type { ReactNode } from 'react';

import { runCommand } from '../../commands/run-command';
import { CommandButton } from '../../components/command-button';
import { useKeyLabel } from '../../keymap/key-hint';

/**
 * A case command as a button with its key: it runs the command the key and the palette run,
 * and while the command cannot run (a closed case, a role that may not write) it says why.
 */
export function CaseCommandButton(props: {
  command: string;
  args?: unknown;
  hint: string;
  disabledReason: string | null;
  children: ReactNode;
  primary?: boolean;
}) {
  const key = useKeyLabel(props.command);
  return (
    <CommandButton
      className={props.primary ? 'button small primary' : 'button small'}
      disabledReason={props.disabledReason}
      hint={key ? `${props.hint} (${key})` : props.hint}
      onClick={() => void runCommand(props.command, props.args, 'button')}
    >
      {props.children}
      {key ? <kbd aria-hidden="true">{key}</kbd> : null}
    </CommandButton>
  );
}
