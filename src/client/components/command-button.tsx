import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';

import { Tooltip } from './tooltip';

/** A button's own attributes, plus why it cannot act and what it does. */
export interface CommandButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /**
   * Why the command cannot run now, in a sentence the user can act on. While set, the button
   * is marked disabled (aria-disabled) yet stays focusable and hoverable, so its tooltip can
   * say why: a natively disabled button takes neither focus nor the pointer.
   */
  disabledReason?: string | null;
  /** What the tooltip says while the command can run (its longer name, its key). */
  hint?: ReactNode;
}

/**
 * A button that runs a command and, when the command is unavailable, says why in its tooltip
 * (the palette's disabled entries say why the same way). `disabled` stays for the short,
 * self-explaining waits (a request in flight).
 */
export function CommandButton(props: CommandButtonProps) {
  const { disabledReason, hint, onClick, type = 'button', ...button } = props;
  const unavailable = Boolean(disabledReason);
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // Also stops a submit button (and Enter in its form's fields) from submitting.
    if (unavailable) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <Tooltip content={disabledReason || hint}>
      <button {...button} type={type} aria-disabled={unavailable || undefined} onClick={click} />
    </Tooltip>
  );
}
