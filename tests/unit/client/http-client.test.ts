// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  request,
  setPasswordChangeRequiredHandler,
  setUnauthorizedHandler,
} from '../../../src/client/api/http-client';
import { HttpError, isClientError } from '../../../src/client/api/http-error';
import { queryClient } from '../../../src/client/api/query-client';
import { createInvestigation } from '../../../src/client/api/investigations/create-investigation';
import { updateInvestigation } from '../../../src/client/api/investigations/update-investigation';

function reply(status: number, statusText: string, body: string) {
  return vi.fn(() => Promise.resolve(new Response(body, { status, statusText })));
}

afterEach(() => vi.unstubAllGlobals());

describe('the HTTP client', () => {
  it('calls /api/app with credentials and JSON', async () => {
    const fetch = reply(200, 'OK', '{"ok":true}');
    vi.stubGlobal('fetch', fetch);
    await expect(
      request('/things', { method: 'POST', body: { a: 1 }, query: { q: 'x', empty: '' } }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/app/things?q=x');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('sends FormData without a JSON content type', async () => {
    const fetch = reply(200, 'OK', '{}');
    vi.stubGlobal('fetch', fetch);
    await request('/upload', { method: 'POST', body: new FormData() });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('raises HttpError with status, status text and the parsed body', async () => {
    vi.stubGlobal('fetch', reply(409, 'Conflict', '{"error":"Conflict","message":"No."}'));
    const error = await request('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 409,
      statusText: 'Conflict',
      body: { error: 'Conflict', message: 'No.' },
    });
  });

  it('describes a body that is not JSON as the brief says', async () => {
    vi.stubGlobal('fetch', reply(502, 'Bad Gateway', '<html>proxy down</html>'));
    const error = (await request('/x').catch((e: unknown) => e)) as HttpError;
    expect(error.body).toEqual({
      name: 'HTTP Error',
      code: 502,
      description: '<html>proxy down</html>',
    });
  });

  it('sends the browser to /auth on a 401', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    vi.stubGlobal('fetch', reply(401, 'Unauthorized', '{"error":"Unauthorized","message":"x"}'));
    await request('/investigations').catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('asks for a new password when the server says the password is temporary, not on other 403s', async () => {
    const handler = vi.fn();
    setPasswordChangeRequiredHandler(handler);
    vi.stubGlobal(
      'fetch',
      reply(
        403,
        'Forbidden',
        '{"error":"Forbidden","message":"x","code":"password_change_required"}',
      ),
    );
    await expect(request('/investigations')).rejects.toBeInstanceOf(HttpError);
    expect(handler).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', reply(403, 'Forbidden', '{"error":"Forbidden","message":"x"}'));
    await request('/admin/users').catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("uses the brief's messages for failed creates and updates", async () => {
    vi.stubGlobal(
      'fetch',
      reply(400, 'Bad Request', '{"error":"Bad Request","message":"title: empty."}'),
    );
    await expect(createInvestigation({ title: '', subjectEmployeeId: 'E1' })).rejects.toThrow(
      'Failed to create investigation: Bad Request',
    );
    await expect(updateInvestigation('abc', { title: 'x' })).rejects.toThrow(
      'Failed to update investigation: Bad Request',
    );
    await expect(updateInvestigation('', { title: 'x' })).rejects.toThrow(
      'investigationId is required',
    );
  });
});

describe('query defaults', () => {
  it('retry three times with doubling delays up to 30 s, never for 4xx', () => {
    const { retry, retryDelay, gcTime } = queryClient.getDefaultOptions().queries!;
    const shouldRetry = retry as (count: number, error: unknown) => boolean;
    expect(shouldRetry(0, new Error('network'))).toBe(true);
    expect(shouldRetry(2, new Error('network'))).toBe(true);
    expect(shouldRetry(3, new Error('network'))).toBe(false);
    expect(shouldRetry(0, new HttpError(404, 'Not Found', null))).toBe(false);
    expect(shouldRetry(0, new HttpError(503, 'Unavailable', null))).toBe(true);
    const delay = retryDelay as (attempt: number) => number;
    expect([0, 1, 2, 5, 10].map(delay)).toEqual([1000, 2000, 4000, 30000, 30000]);
    expect(gcTime).toBe(5 * 60_000);
    expect(isClientError(new HttpError(422, 'x', null))).toBe(true);
  });
});
