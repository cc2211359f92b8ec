// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { MAX_NOTE_LENGTH } from '../../../../src/shared/schemas/case-notes';
import { NoteDialog } from '../../../../src/client/features/investigations/note-dialog';

afterEach(cleanup);

describe('a note over the length limit', () => {
  it('says why it cannot be saved, beside the field, instead of a silently disabled Save', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <NoteDialog investigationId="c1" onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const note = screen.getByLabelText('Note');
    fireEvent.change(note, { target: { value: 'x'.repeat(MAX_NOTE_LENGTH + 1) } });
    const id = note.getAttribute('aria-describedby');
    const said = id ? document.getElementById(id) : null;
    expect(said?.className).toBe('field-error');
    expect(said?.textContent).toMatch(/^20,001 \/ 20,000 characters: 1 character too long\./);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save note' }).disabled).toBe(
      true,
    );
    fireEvent.change(note, { target: { value: 'x'.repeat(MAX_NOTE_LENGTH) } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save note' }).disabled).toBe(
      false,
    );
    expect(document.querySelector('.field-error')).toBeNull();
  });
});
