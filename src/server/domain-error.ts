/** What a refused request was after and why, for the audit log (ASVS 5.0 16.3.2). */
export interface Refusal {
  reason: string;
  targetType: string;
  targetId: string;
}

/**
 * The kinds of failure domain code reports. Which HTTP status each becomes is the errors
 * plugin's business (plugins/errors.ts), so accounts, cases, ingest and analysis stay free of
 * HTTP and can be called from the command line or a job as well as from a route.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported-type'
  | 'rate-limited';

/** An error thrown on purpose, with a message that is a sentence the person can act on. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Set when the refusal must be audited (a case hidden from the caller); forbidden always is. */
    readonly refusal: Refusal | null = null,
    /** The input field the message is about, when it is about one (a form shows it there). */
    readonly field: string | null = null,
    /** A machine-readable reason the client acts on (ERROR_CODES in shared/schemas/common). */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The input cannot be used as it is; `field` names the input field at fault, if one is. */
export const invalid = (message: string, field: string | null = null) =>
  new DomainError('invalid', message, null, field);
/** Nobody is signed in, or the credentials are wrong. */
export const unauthenticated = (message: string) => new DomainError('unauthenticated', message);
/** Signed in, but not allowed to do this. */
export const forbidden = (message: string, code: string | null = null) =>
  new DomainError('forbidden', message, null, null, code);
/** No such thing, or one the caller may not know of (then `refusal` says which). */
export const notFound = (message: string, refusal: Refusal | null = null) =>
  new DomainError('not-found', message, refusal);
/** The request contradicts the current state (a duplicate, an edit of something closed). */
export const conflict = (message: string, field: string | null = null) =>
  new DomainError('conflict', message, null, field);
/** The body is larger than allowed. */
export const tooLarge = (message: string) => new DomainError('too-large', message);
/** The body comes in a content type the endpoint does not read. */
export const unsupportedType = (message: string) => new DomainError('unsupported-type', message);
/** Too many attempts: wait and try again. */
export const rateLimited = (message: string) => new DomainError('rate-limited', message);
