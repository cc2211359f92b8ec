import { defineCommand } from '../command';
import { activeForm, submitterOf } from './active-form';

/**
 * Ctrl+Enter (Cmd+Enter on a Mac) sends the form the keyboard is in, from any of its fields,
 * a note's textarea or a dialog's buttons, as its submit button would: every dialog and form
 * gets it from this one command, none binds it itself.
 */
export const formSubmit = defineCommand({
  id: 'form.submit',
  title: 'Submit Form',
  category: 'Workspace',
  keywords: ['send', 'save', 'confirm'],
  hiddenInPalette: true,
  disabledReason: () => {
    const form = activeForm();
    if (!form) return 'The focus is not in a form.';
    return submitterOf(form) === null ? 'This form is being sent or cannot be sent yet.' : null;
  },
  run: () => {
    const form = activeForm();
    if (!form) return;
    const submitter = submitterOf(form);
    if (submitter === null) return;
    form.requestSubmit(submitter);
  },
});
