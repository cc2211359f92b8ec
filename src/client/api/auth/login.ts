import type { LoginBody } from '../../../shared/schemas/auth';
import { meReplySchema } from '../../../shared/schemas/auth';
import { request } from '../http-client';

/** POST /auth/login: sets the session cookie and returns the user. */
export function login(body: LoginBody) {
  return request('/auth/login', { method: 'POST', body, schema: meReplySchema });
}
