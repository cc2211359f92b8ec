// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../../../src/shared/schemas/auth';
import { ChangePasswordForm } from '../../../../src/client/features/settings/change-password-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChangePasswordForm onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

/** The sentence shown beside a field (its aria-describedby), or null. */
function errorOf(label: string): string | null {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  const node = id ? document.getElementById(id) : null;
  return node?.className === 'field-error' ? node.textContent : null;
}

describe('the change-password form', () => {
  it('starts in the current password and says each problem beside its field', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
    await user.keyboard('old one');
    await user.tab();
    await user.keyboard('short');
    await user.keyboard('{Enter}');
    expect(errorOf('New password')).toBe('The password must have at least 12 characters.');
    expect(document.activeElement).toBe(screen.getByLabelText('New password'));
    await user.keyboard('and now long enough');
    await user.tab();
    await user.keyboard('something else entirely');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(errorOf('New password')).toBeNull();
    expect(errorOf('Repeat the new password')).toMatch(/^The two new passwords differ/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('puts a wrong current password beside that field, and submits with Ctrl+Enter', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: 'Bad Request', message: WRONG_CURRENT_PASSWORD_MESSAGE }),
          {
            status: 400,
            statusText: 'Bad Request',
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const onDone = renderForm();
    await user.keyboard('not my password');
    await user.tab();
    await user.keyboard('a brand new passphrase');
    await user.tab();
    await user.keyboard('a brand new passphrase');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(errorOf('Current password')).toBe(WRONG_CURRENT_PASSWORD_MESSAGE));
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
  });
});
