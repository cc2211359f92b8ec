import type { z } from 'zod';

import { ERROR_CODES } from '../../shared/schemas/common';
import { HttpError } from './http-error';
import type { NonJsonBody } from './http-error';

/** Every call goes under this base path. */
export const API_BASE = '/api/app';

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  /** A JSON value, or FormData (sent without a JSON content type). */
  body?: unknown;
  /** Parses the reply with the shared schema, so the client sees the shape the server declared. */
  schema?: S;
  signal?: AbortSignal;
}

let onUnauthorized: () => void = () => {
  const next = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/auth?next=${encodeURIComponent(next)}`);
};

/** Replaces what a 401 does (the default sends the browser to /auth); tests and sign-in use it. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

let onPasswordChangeRequired: () => void = () => undefined;

/**
 * What a 403 saying the password is still temporary does (the shell asks for a new one): the
 * server refuses every other call until then, whoever made it.
 */
export function setPasswordChangeRequiredHandler(handler: () => void): void {
  onPasswordChangeRequired = handler;
}

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { name: 'HTTP Error', code: response.status, description: text } satisfies NonJsonBody;
  }
}

/**
 * The one HTTP client: credentials included, JSON unless the body is FormData. A non-OK reply
 * throws HttpError; a 401 (outside sign-in) also sends the browser to /auth.
 */
export async function request<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.output<S> : unknown> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body:
      options.body === undefined
        ? undefined
        : isForm
          ? (options.body as FormData)
          : JSON.stringify(options.body),
    signal: options.signal,
  });
  const body = await parseBody(response);
  if (!response.ok) {
    const error = new HttpError(response.status, response.statusText, body);
    if (response.status === 401 && path !== '/auth/login') onUnauthorized();
    if (
      response.status === 403 &&
      (body as { code?: unknown } | null)?.code === ERROR_CODES.passwordChangeRequired
    )
      onPasswordChangeRequired();
    throw error;
  }
  return (options.schema ? options.schema.parse(body) : body) as S extends z.ZodType
    ? z.output<S>
    : unknown;
}
