import { z } from 'zod';

// Default zod messages become sentences wherever a shared schema is used (see the module).
import './issue-sentences';

/**
 * What was wrong with one field of a request: its dotted path within the body, query or path
 * (`email`, `settings.baseUrl`; empty for the whole of it) and a sentence without the field's
 * name, which a form shows beside that field.
 */
export const fieldIssueSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/**
 * Every error reply: a short category and a sentence a person can act on. A 400 for input that
 * breaks its schema (or a rule about one field) also lists the issues field by field.
 */
export const errorReplySchema = z.object({
  error: z.string(),
  message: z.string(),
  issues: z.array(fieldIssueSchema).optional(),
  /** A machine-readable reason the client acts on (see ERROR_CODES). */
  code: z.string().optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** Epoch milliseconds, UTC. */
export const epochMs = z.number().int();

/** An id in a path: non-empty, bounded, no control characters. */
export const idParam = z
  .string()
  .min(1, 'The id is empty.')
  .max(128, 'The id is longer than 128 characters.')
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .regex(/^[^\u0000-\u001f]+$/, 'The id contains control characters.');

/**
 * A point in time given by a person: epoch ms, an ISO date (`2026-11-01`, midnight UTC)
 * or an ISO date-time. Always parsed to epoch ms.
 */
export const timeInput = z.union([
  z.number().int().min(0).max(8_640_000_000_000),
  z.iso.date().transform((value) => Date.parse(`${value}T00:00:00Z`)),
  z.iso.datetime({ offset: true }).transform((value) => Date.parse(value)),
]);

/** A user as shown beside records they touched. */
export const userRefSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
});

/** A point in time in a query string: epoch ms, `YYYY-MM-DD` or an ISO date-time. */
export const timeQuery = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const parsed = /^\d{1,15}$/.test(value)
      ? Number(value)
      : /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? Date.parse(`${value}T00:00:00Z`)
        : /^\d{4}-\d{2}-\d{2}T/.test(value)
          ? Date.parse(value)
          : Number.NaN;
    if (Number.isNaN(parsed)) {
      ctx.addIssue({
        code: 'custom',
        message: 'This is not a date: use YYYY-MM-DD, an ISO date-time or epoch milliseconds.',
      });
      return z.NEVER;
    }
    return parsed;
  });

/** Reasons an error reply names in `code`, for the client to act on. */
export const ERROR_CODES = {
  /** Signed in with a temporary password: choose your own before anything else. */
  passwordChangeRequired: 'password_change_required',
} as const;
