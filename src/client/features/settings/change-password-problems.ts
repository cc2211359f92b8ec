import {
  WRONG_CURRENT_PASSWORD_MESSAGE,
  changePasswordBodySchema,
} from '../../../shared/schemas/auth';
import { HttpError } from '../../api/http-error';
import { fieldProblems } from '../../components/field-problems';

/** What the change-password form holds. */
export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  repeatPassword: string;
}

/** A sentence per field that is wrong (the form shows each beside its field), and one for the form. */
export type ChangePasswordProblems = Partial<Record<keyof ChangePasswordValues | 'form', string>>;

/** The fields in the order they appear: the first with a problem takes the focus. */
export const CHANGE_PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'repeatPassword'] as const;

/**
 * Problems found before sending: the server's own rules (the shared schema, so the words are
 * the same) and the repeat that must match.
 */
export function localProblems(values: ChangePasswordValues): ChangePasswordProblems {
  const problems: ChangePasswordProblems = {};
  const parsed = changePasswordBodySchema.safeParse({
    currentPassword: values.currentPassword,
    newPassword: values.newPassword,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'currentPassword' || field === 'newPassword') && !problems[field])
        problems[field] = issue.message;
    }
  }
  if (!problems.newPassword && values.repeatPassword !== values.newPassword) {
    problems.repeatPassword = values.repeatPassword
      ? 'The two new passwords differ: type the same one twice.'
      : 'Type the new password again.';
  }
  return problems;
}

/**
 * Where a refusal from the server belongs: a wrong or too-often-guessed current password by its
 * field, the reply's field issues by theirs (fieldProblems), anything else under the form.
 */
export function serverProblems(error: unknown): ChangePasswordProblems {
  if (!(error instanceof HttpError)) {
    return { form: 'Vigil could not be reached. Check your connection and try again.' };
  }
  const message = error.serverMessage ?? `The password was not changed: ${error.statusText}.`;
  if (error.status === 429 || message === WRONG_CURRENT_PASSWORD_MESSAGE) {
    return { currentPassword: message };
  }
  const placed = fieldProblems(error, CHANGE_PASSWORD_FIELDS);
  return { ...placed.fields, ...(placed.form ? { form: placed.form } : {}) };
}
