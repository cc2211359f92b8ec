// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Permission } from '../../../../src/shared/permissions';
import type { DirectoryEmployee } from '../../../../src/shared/schemas/employees';
import { queryClient } from '../../../../src/client/api/query-client';
import { commandsById } from '../../../../src/client/commands/registry';
import EmployeesPage from '../../../../src/client/features/employees/employees-page';
import { installKeyHandler } from '../../../../src/client/keymap/key-handler';
import { workspace } from '../../../../src/client/workspace/workspace-controller';
import { me } from '../alerts/fake-alerts-api';
import { installGridEnvironment } from '../data-table/support/grid-env';

installGridEnvironment();

let stopKeys: () => void = () => undefined;
beforeEach(() => {
  queryClient.clear();
  workspace.navigate('/app/employees/');
  stopKeys = installKeyHandler();
});
afterEach(() => {
  stopKeys();
  vi.unstubAllGlobals();
});

function person(
  id: string,
  fullName: string,
  riskScore: number | null,
  riskLevel: DirectoryEmployee['riskLevel'],
): DirectoryEmployee {
  return {
    id,
    fullName,
    pseudonym: 'Person 0000-0000',
    identity: 'open' as const,
    email: `${id}@northwind.example`,
    department: 'Sales',
    title: 'Account executive',
    managerId: null,
    location: 'Lyon',
    timezone: 'Europe/Paris',
    workStartHour: 9,
    workEndHour: 17,
    startDate: '2021-03-01',
    resignationDate: null,
    departureDate: null,
    riskScore,
    riskLevel,
  };
}

/** In name order, as the server sends them by default; scores null for those never scored. */
const PEOPLE = [
  person('E1', 'Ada Byron', 12, 'low'),
  person('E2', 'Ben Okafor', null, null),
  person('E3', 'Cleo Marsh', 81, 'critical'),
  person('E4', 'Dan Ruiz', 47, 'medium'),
];

const SEES_ALERTS: Permission[] = [
  'investigations.read',
  'investigations.read_all',
  'evidence.read',
  'employees.read',
];

/** The directory on `fetch`; records the queries it was asked, and answers riskiest first for sort=risk. */
function fakeDirectory(permissions: Permission[], people = PEOPLE) {
  const queries: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://vigil.test');
      const path = url.pathname.replace('/api/app', '');
      const reply = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (path === '/auth/me') return reply(me(permissions));
      if (path === '/identity/employees') {
        queries.push(url.search);
        const seen = canSee(permissions)
          ? people
          : people.map((p) => ({ ...p, riskScore: null, riskLevel: null }));
        const ordered =
          url.searchParams.get('sort') === 'risk'
            ? [...seen].sort((a, b) => (b.riskScore ?? -1) - (a.riskScore ?? -1))
            : seen;
        return reply({ employees: ordered, total: ordered.length });
      }
      return reply({ investigations: [], total: 0, next: null });
    }),
  );
  return { queries };
}

const canSee = (permissions: Permission[]) =>
  permissions.includes('investigations.read_all') && permissions.includes('evidence.read');

function renderEmployees(path = '/app/employees/') {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app/employees/" element={<EmployeesPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const grid = () => screen.getByRole('grid', { name: 'Employees' });
const names = () =>
  within(grid())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[0]!.textContent);
const riskCells = () =>
  within(grid())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[2]!.textContent);

describe('the employee directory’s risk column', () => {
  it('shows each person’s level and score beside their name, by name as before', async () => {
    const { queries } = fakeDirectory(SEES_ALERTS);
    renderEmployees();
    await waitFor(() => within(grid()).getByText('Cleo Marsh'));
    expect(queries).toEqual(['?limit=5000']);
    expect(names()).toEqual(['Ada Byron', 'Ben Okafor', 'Cleo Marsh', 'Dan Ruiz']);
    expect(riskCells()).toEqual(['Low · 12', 'Not scored', 'Critical · 81', 'Medium · 47']);
  });

  it('sorts by risk from its header: riskiest first, people never scored last', async () => {
    const user = userEvent.setup();
    fakeDirectory(SEES_ALERTS);
    renderEmployees();
    await waitFor(() => within(grid()).getByText('Cleo Marsh'));
    const header = within(grid()).getByRole('columnheader', { name: /Risk/ });
    await user.click(within(header).getByRole('button'));
    await user.click(within(header).getByRole('button'));
    await waitFor(() =>
      expect(names()).toEqual(['Cleo Marsh', 'Dan Ruiz', 'Ada Byron', 'Ben Okafor']),
    );
  });

  it('opens sorted by risk with ?sort=risk, asks the server so, and keeps it when a person opens', async () => {
    const user = userEvent.setup();
    const { queries } = fakeDirectory(SEES_ALERTS);
    renderEmployees('/app/employees/?sort=risk');
    await waitFor(() => within(grid()).getByText('Cleo Marsh'));
    expect(queries).toEqual(['?limit=5000&sort=risk']);
    expect(names()).toEqual(['Cleo Marsh', 'Dan Ruiz', 'Ada Byron', 'Ben Okafor']);
    expect(screen.getByText(/riskiest first/)).toBeTruthy();
    act(() => grid().focus());
    await user.keyboard('{Enter}');
    await screen.findByRole('complementary', { name: 'Employee Cleo Marsh' });
    expect(names()[0]).toBe('Cleo Marsh');
    expect(queries).toEqual(['?limit=5000&sort=risk']);
  });

  it('is left out for a role that may not see alerts', async () => {
    fakeDirectory(['employees.read', 'investigations.read']);
    renderEmployees();
    await waitFor(() => within(grid()).getByText('Cleo Marsh'));
    expect(within(grid()).queryByRole('columnheader', { name: /Risk/ })).toBeNull();
  });

  it('is reached from the palette’s Risky People, which says why a role cannot', async () => {
    const command = commandsById.get('employee.showRisky')!;
    const context = (permissions: Permission[]) => ({
      keys: {},
      me: undefined,
      permissions: new Set(permissions),
      location: '/app/',
      investigationId: null,
      source: 'palette' as const,
    });
    expect(command.title).toBe('Risky People');
    expect(command.disabledReason?.(context(['employees.read']))).toBe(
      'Risk scores are for roles that see every investigation and its evidence.',
    );
    expect(command.disabledReason?.(context(SEES_ALERTS))).toBeNull();
    await command.run(undefined, context(SEES_ALERTS));
    expect(workspace.currentLocation()).toBe('/app/employees/?sort=risk');
  });
});
