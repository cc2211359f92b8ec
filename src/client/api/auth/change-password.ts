import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ChangePasswordBody } from '../../../shared/schemas/auth';
import { changePasswordReplySchema } from '../../../shared/schemas/auth';
import { request } from '../http-client';
import { meQuery } from './me';

/** POST /me/password: the caller's own password; other sessions of theirs end. */
export function changePassword(body: ChangePasswordBody) {
  return request('/me/password', { method: 'POST', body, schema: changePasswordReplySchema });
}

/** Changes the password, then reloads /auth/me (which no longer asks for a change). */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => client.invalidateQueries({ queryKey: meQuery().queryKey }),
  });
}
