// @vitest-environment jsdom
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import {
  EvidencePage,
  useEvidencePage,
} from '../../../../src/client/features/evidence/evidence-page';
import { pinEventRow, pinFinding } from '../../../../src/client/features/evidence/parts/pins';

afterEach(cleanup);

interface Hours {
  pending?: boolean;
  offHours: number;
}

/** A query in one of its states, as TanStack Query reports it. */
function queryIn(state: 'loading' | 'failed' | Hours): UseQueryResult<Hours> {
  if (state === 'loading') return { isPending: true, isError: false } as UseQueryResult<Hours>;
  if (state === 'failed')
    return {
      isPending: false,
      isError: true,
      error: new Error('The case was not found.'),
      refetch: () => Promise.resolve(),
    } as unknown as UseQueryResult<Hours>;
  return { isPending: false, isError: false, data: state } as UseQueryResult<Hours>;
}

/** A page as the evidence pages declare themselves: figures, a section, its own dialog. */
function HoursPage(props: { query: UseQueryResult<Hours> }) {
  const page = useEvidencePage();
  return (
    <EvidencePage
      page={page}
      title="Working hours"
      lede="When the subject works."
      query={props.query}
      what="working hours"
      figures={(data) => [{ label: 'Off hours', value: `${data.offHours}%` }]}
      sections={<p>Loads on its own</p>}
    >
      {(data) => (
        <button
          type="button"
          onClick={() =>
            page.openDialog((close) => (
              <div role="dialog" aria-label="Late days">
                {data.offHours}% late
                <button type="button" onClick={close}>
                  Close it
                </button>
              </div>
            ))
          }
        >
          Open the late days
        </button>
      )}
    </EvidencePage>
  );
}

function renderPage(query: UseQueryResult<Hours>) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/app/investigations/case-1/evidence-locker/working-hours']}>
        <Routes>
          <Route
            path="/app/investigations/:id/evidence-locker/working-hours"
            element={<HoursPage query={query} />}
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('EvidencePage', () => {
  it('names the page and says what is loading, while its own sections already show', () => {
    renderPage(queryIn('loading'));
    expect(screen.getByRole('region', { name: 'Working hours' })).toBeTruthy();
    expect(screen.getByText('When the subject works.')).toBeTruthy();
    expect(screen.getByText('Loading working hours…')).toBeTruthy();
    expect(screen.getByText('Loads on its own')).toBeTruthy();
    expect(screen.queryByText('Off hours')).toBeNull();
  });

  it('shows the failure with a retry, and the running analysis as no data yet', () => {
    renderPage(queryIn('failed'));
    expect(screen.getByRole('alert').textContent).toContain('The case was not found.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    cleanup();
    renderPage(queryIn({ pending: true, offHours: 0 }));
    expect(screen.getByText(/The analysis of this case is running/)).toBeTruthy();
    expect(screen.queryByText('Off hours')).toBeNull();
  });

  it('shows the figures and the sections of the finding, and opens and closes the page’s dialog', async () => {
    renderPage(queryIn({ offHours: 42 }));
    expect(screen.getByText('Off hours')).toBeTruthy();
    expect(screen.getByText('42%')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open the late days' }));
    expect(screen.getByRole('dialog', { name: 'Late days' }).textContent).toContain('42% late');
    await userEvent.click(screen.getByRole('button', { name: 'Close it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('pinning rows', () => {
  it('names a finding row by its table and key, never by what the browser holds', () => {
    const pin = pinFinding('working-hours');
    const day = {
      date: '2026-03-02',
      events: 40,
      offHours: 30,
      share: 0.75,
      firstHour: 1,
      lastHour: 23,
      from: 0,
      to: 1,
      reason: 'Worked through the night',
    };
    expect(pin(day)).toEqual({
      body: { finding: 'working-hours', key: '2026-03-02' },
      label: '2026-03-02: Worked through the night',
      page: 'working-hours',
      ref: 'working-hours:2026-03-02',
      mark: 'finding:working-hours:2026-03-02',
    });
  });

  it('names an event row by its id', () => {
    const pin = pinEventRow<{ id: string }>(() => 'Encoded command');
    expect(pin({ id: '42' })).toMatchObject({
      body: { eventIds: ['42'] },
      label: 'Encoded command',
      mark: 'events:42',
    });
  });
});
