/** What a refused request was after and why, for the audit log (ASVS 5.0 16.3.2). */
export interface Refusal {
  reason: string;
  targetType: string;
  targetId: string;
}

/**
 * An error a route throws on purpose: it becomes a reply with this status and
 * `{ error, message }`, where the message is a sentence the person can act on.
 */
export class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    /** Set when the refusal must be audited (a case hidden from the caller); 403s always are. */
    readonly refusal: Refusal | null = null,
  ) {
    super(message);
    this.name = 'HttpProblem';
  }
}

export const badRequest = (message: string) => new HttpProblem(400, 'Bad Request', message);
export const unauthorized = (message: string) => new HttpProblem(401, 'Unauthorized', message);
export const forbidden = (message: string) => new HttpProblem(403, 'Forbidden', message);
export const notFound = (message: string, refusal: Refusal | null = null) =>
  new HttpProblem(404, 'Not Found', message, refusal);
export const conflict = (message: string) => new HttpProblem(409, 'Conflict', message);
export const tooManyRequests = (message: string) =>
  new HttpProblem(429, 'Too Many Requests', message);
