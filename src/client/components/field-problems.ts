import { useEffect, useMemo, useRef } from 'react';
import { z } from 'zod';

import { errorReplySchema } from '../../shared/schemas/common';
import type { FieldIssue } from '../../shared/schemas/common';
import { HttpError } from '../api/http-error';

/** What went wrong with a form: a sentence per field it shows, and what belongs to no field. */
export interface FieldProblems<F extends string> {
  fields: Partial<Record<F, string>>;
  form: string | null;
}

const NONE = { fields: {}, form: null };

/** The HTTP reply behind a failure, also when a mutation wrapped it ("Failed to create …"). */
function httpErrorOf(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof Error && error.cause instanceof HttpError) return error.cause;
  return null;
}

/** The issues of a failure: the server's reply's, or a local check's with a shared schema. */
function issuesOf(error: unknown, http: HttpError | null): FieldIssue[] | null {
  if (error instanceof z.ZodError)
    return error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  if (!http) return null;
  const reply = errorReplySchema.safeParse(http.body);
  return reply.success ? (reply.data.issues ?? []) : [];
}

/** The form field an issue belongs to: the longest one its path starts with (`roles.2` → `roles`). */
function fieldOf<F extends string>(path: string, fields: readonly F[]): F | null {
  let best: F | null = null;
  for (const field of fields) {
    if ((path === field || path.startsWith(`${field}.`)) && field.length > (best?.length ?? -1))
      best = field;
  }
  return best;
}

/**
 * Places a failure's problems on the form's fields: each issue of the server's reply (`issues:
 * [{ field, message }]`), or of a local check with a shared schema (a ZodError), goes beside the
 * form field its path names. Whatever the form cannot place, and a refusal about no field, is
 * the form's own problem, in the server's words.
 */
export function fieldProblems<F extends string>(
  error: unknown,
  fields: readonly F[],
): FieldProblems<F> {
  if (!error) return NONE;
  const http = httpErrorOf(error);
  const issues = issuesOf(error, http);
  if (!issues) {
    return {
      fields: {},
      form:
        error instanceof TypeError
          ? 'Vigil could not be reached. Check your connection and try again.'
          : error instanceof Error
            ? error.message
            : 'Something went wrong; try again.',
    };
  }
  const placed: Partial<Record<F, string>> = {};
  const unplaced: string[] = [];
  for (const issue of issues) {
    const field = fieldOf(issue.field, fields);
    if (field) placed[field] ??= issue.message;
    else unplaced.push(issue.field ? `${issue.field}: ${issue.message}` : issue.message);
  }
  const fallback = http ? (http.serverMessage ?? `${http.status} ${http.statusText}`) : null;
  const form =
    unplaced.length > 0 ? unplaced.join(' ') : Object.keys(placed).length > 0 ? null : fallback;
  return { fields: placed, form };
}

/**
 * fieldProblems for a form, plus the keyboard part: when a new failure comes back, the first
 * field marked invalid takes the focus (so the message beside it is read out and typing fixes
 * it). Give the returned ref to the form; keep `fields` stable (a module constant).
 */
export function useFieldProblems<F extends string>(error: unknown, fields: readonly F[]) {
  const problems = useMemo(() => fieldProblems(error, fields), [error, fields]);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!error) return;
    const first = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid="true"]',
    );
    if (!first) return;
    // A group of checkboxes takes the focus on its first box.
    const target = first.matches('fieldset') ? first.querySelector<HTMLElement>('input') : first;
    target?.focus();
  }, [error]);
  return { ...problems, formRef };
}
