import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import type { FieldIssue } from '../../shared/schemas/common';
import { plural } from '../../shared/wording';
import { ClientGoneError, OverloadedError } from '../db/admission';
import { isConnectionLoss } from '../db/connection-loss';
import { DomainError } from '../domain-error';
import type { DomainErrorKind } from '../domain-error';
import { writtenText } from '../privacy/identity-policy';
import { auditRefusal } from './audit-refusal';

const PART_NAMES: Record<string, string> = {
  body: 'The request body',
  querystring: 'The query string',
  params: 'The path',
  headers: 'The request headers',
};

/** Each validation issue as a field (its dotted path; empty for the whole part) and a sentence. */
function validationIssues(error: FastifyError): FieldIssue[] {
  return (error.validation ?? []).map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
    message: issue.message ?? 'This is not valid.',
  }));
}

/** The issues as one sentence: where, then what is wrong with each field (at most five). */
function describeValidation(error: FastifyError, issues: readonly FieldIssue[]): string {
  const part = PART_NAMES[error.validationContext ?? 'body'] ?? 'The request';
  const parts = issues
    .slice(0, 5)
    .map(({ field, message }) => (field ? `${field}: ${message}` : message));
  return `${part} is invalid: ${parts.join('; ')}`.replace(/\.?$/, '.');
}

/** Fastify's own client errors, reworded as sentences. */
function describeFastifyError(error: FastifyError): { status: number; message: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: 'The request body is not valid JSON.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        message: 'The request body is empty but its content type says JSON: send a JSON document.',
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: 'The request body is larger than this endpoint accepts.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        message: 'This endpoint does not accept this content type.',
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'The Content-Length header does not match the body.' };
    default:
      return null;
  }
}

/**
 * A refusal's sentence as the caller reads it: an identifier it carries can only have come from
 * the request (or from text someone wrote), so a person it names reads "[withheld]", never
 * their pseudonym, which would turn a guessed name into its pseudonym (issue 23). Messages do
 * not echo request values in the first place; this holds if one slips through.
 */
async function withheld(request: FastifyRequest, body: ErrorBody): Promise<ErrorBody> {
  if (request.viewer === null) return body;
  let policy;
  try {
    policy = await request.identityPolicy();
  } catch {
    // The privacy settings cannot be read (the database is gone): say nothing of the request.
    return { error: body.error, message: 'The request was refused.' };
  }
  const show = (text: string) => writtenText(policy, text);
  return {
    ...body,
    message: show(body.message),
    ...(body.issues && {
      issues: body.issues.map((issue) => ({ ...issue, message: show(issue.message) })),
    }),
  };
}

interface ErrorBody {
  error: string;
  message: string;
  issues?: FieldIssue[];
  code?: string;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

/** A wait limit in words: "5 seconds", or "300 ms" under a second. */
function waitLimit(ms: number): string {
  return ms >= 1000 ? plural(Math.round(ms / 1000), 'second') : `${ms} ms`;
}

/** The HTTP status of each kind of domain error: the one place where domain meets HTTP. */
const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-type': 415,
  'rate-limited': 429,
};

/**
 * Every error becomes `{ error, message }` with a 4xx the caller can act on (and `issues`, field
 * by field, when the input broke its schema or a rule about one field); anything
 * unexpected is logged and answered with a 500 that reveals nothing internal. Refusals of a
 * signed-in user are audited on the way out.
 */
export const errorsPlugin = fp(
  (app: FastifyInstance, _options, done) => {
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof DomainError) {
        const status = STATUS_OF_KIND[error.kind];
        await auditRefusal(app, request, error, status);
        const issues = error.field ? [{ field: error.field, message: error.message }] : undefined;
        return reply.code(status).send(
          await withheld(request, {
            error: STATUS_NAMES[status]!,
            message: error.message,
            ...(issues && { issues }),
            ...(error.code && { code: error.code }),
          }),
        );
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = validationIssues(error);
        return reply.code(400).send(
          await withheld(request, {
            error: 'Bad Request',
            message: describeValidation(error, issues),
            issues,
          }),
        );
      }
      const known = describeFastifyError(error);
      if (known) {
        return reply
          .code(known.status)
          .send({ error: STATUS_NAMES[known.status] ?? 'Error', message: known.message });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send(
          await withheld(request, {
            error: STATUS_NAMES[status] ?? 'Error',
            message: error.message,
          }),
        );
      }
      if (error instanceof OverloadedError) {
        // Queued past its limit: nothing of the request ran, and the queue is the reason.
        void reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.code(503).send({
          error: 'Service Unavailable',
          message: `Vigil is busy: this request waited more than ${waitLimit(error.limitMs)} for the database and was not started. Try again in a few seconds.`,
        });
      }
      if (error instanceof ClientGoneError) {
        // Nobody is waiting for this reply; the work was not started.
        request.log.info('the client left before its request started; it was not run');
        return reply.code(499).send();
      }
      if (isConnectionLoss(error)) {
        // A restart, failover or network drop: nothing was written, and trying again shortly works.
        request.log.error({ err: error }, 'the database connection was lost');
        void reply.header('retry-after', '5');
        return reply.code(503).send({
          error: 'Service Unavailable',
          message:
            'The database could not be reached; nothing was changed. Try again in a few seconds.',
        });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({
        error: 'Internal Server Error',
        message: 'Something went wrong on the server. The error was logged; try again.',
      });
    });
    done();
  },
  { name: 'vigil-errors' },
);
