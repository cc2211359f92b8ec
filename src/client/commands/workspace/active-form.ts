/**
 * The form the keyboard is in: the form of the focused control (a footer button joins its form
 * with `form="…"`), or the one form of the dialog that has the focus (its Cancel button, say).
 */
export function activeForm(): HTMLFormElement | null {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return null;
  const own = 'form' in focused ? (focused as HTMLInputElement).form : null;
  const form = own ?? focused.closest('form');
  if (form) return form;
  const forms = focused.closest('[role="dialog"]')?.querySelectorAll('form') ?? [];
  return forms.length === 1 ? forms[0]! : null;
}

/**
 * The button that sends a form: its first enabled submit button, wherever it sits (a dialog's
 * footer button belongs to the form through `form="…"`). `undefined` when the form has none at
 * all; null when every one is disabled (the form is being sent, or cannot be yet).
 */
export function submitterOf(form: HTMLFormElement): HTMLElement | null | undefined {
  const buttons = [...form.elements].filter(
    (element): element is HTMLButtonElement | HTMLInputElement =>
      (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) &&
      element.type === 'submit',
  );
  if (buttons.length === 0) return undefined;
  return buttons.find((button) => !button.disabled) ?? null;
}
