import { request } from '../http-client';

/** POST /auth/logout: ends the session; the caller then leaves for /auth. */
export async function logout(): Promise<void> {
  await request('/auth/logout', { method: 'POST', body: {} });
}
