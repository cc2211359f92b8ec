// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { configurationSchema } from '../../../../src/shared/schemas/configuration';
import { HttpError } from '../../../../src/client/api/http-error';
import { fieldProblems } from '../../../../src/client/components/field-problems';
import { CreateUserDialog } from '../../../../src/client/features/admin/create-user-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, statusText: string, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });

/** The server's reply to a new user with a bad email and no name (the shape of plugins/errors.ts). */
const REFUSAL = {
  error: 'Bad Request',
  message:
    'The request body is invalid: email: Enter a valid email address.; displayName: Enter a name.',
  issues: [
    { field: 'email', message: 'Enter a valid email address.' },
    { field: 'displayName', message: 'Enter a name.' },
  ],
};

/** The sentence shown beside a field (its aria-describedby), or null. */
function errorOf(label: string): string | null {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  const node = id ? document.getElementById(id) : null;
  return node?.className === 'field-error' ? node.textContent : null;
}

describe('fieldProblems places a refusal on the form', () => {
  const FIELDS = ['email', 'roles', 'options.framing'] as const;

  it('puts each issue beside its field, nested paths under the field that holds them', () => {
    const error = new HttpError(400, 'Bad Request', {
      ...REFUSAL,
      issues: [
        { field: 'email', message: 'Enter a valid email address.' },
        { field: 'roles.1', message: 'The id is empty.' },
        { field: 'options.framing', message: 'Choose one of: auto, csv.' },
      ],
    });
    expect(fieldProblems(error, FIELDS)).toEqual({
      fields: {
        email: 'Enter a valid email address.',
        roles: 'The id is empty.',
        'options.framing': 'Choose one of: auto, csv.',
      },
      form: null,
    });
  });

  it('finds the reply behind a wrapped failure and keeps what no field shows for the form', () => {
    const reply = new HttpError(400, 'Bad Request', REFUSAL);
    const wrapped = new Error('Failed to create investigation: Bad Request', { cause: reply });
    expect(fieldProblems(wrapped, FIELDS)).toEqual({
      fields: { email: 'Enter a valid email address.' },
      form: 'displayName: Enter a name.',
    });
  });

  it('says a refusal about no field in the server’s words, never its raw prefix', () => {
    const error = new HttpError(409, 'Conflict', {
      error: 'Conflict',
      message: 'This change would leave no active user who can manage users.',
    });
    expect(fieldProblems(error, FIELDS)).toEqual({
      fields: {},
      form: 'This change would leave no active user who can manage users.',
    });
  });

  it('places a local check with a shared schema the same way', () => {
    const parsed = configurationSchema.safeParse({ defaultTimezone: 5 });
    expect(parsed.success).toBe(false);
    const problems = fieldProblems(parsed.error, ['defaultTimezone'] as const);
    expect(problems.fields.defaultTimezone).toBe('Enter text, not a number.');
  });
});

describe('the create-user form', () => {
  it('shows the server’s problems beside Email and Name, and moves the focus to Email', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return json(400, 'Bad Request', REFUSAL);
      if (url.includes('/admin/roles')) return json(200, 'OK', { roles: [] });
      return json(404, 'Not Found', { error: 'Not Found', message: 'nothing here' });
    });
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <CreateUserDialog onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    await user.keyboard('not an address');
    // jsdom does not submit on Enter through a button outside the form (the dialog's footer);
    // the end-to-end journey presses Enter in the field itself.
    const create = screen.getByRole('button', { name: 'Create user' });
    for (let i = 0; i < 10 && document.activeElement !== create; i++) await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(errorOf('Email')).toBe('Enter a valid email address.'));
    expect(errorOf('Name')).toBe('Enter a name.');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    // The raw sentence with its "The request body is invalid:" prefix is nowhere on screen.
    expect(document.body.textContent).not.toMatch(/request body is invalid/);
  });
});
