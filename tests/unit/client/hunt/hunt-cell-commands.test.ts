// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CommandContext } from '../../../../src/client/commands/command';
import { setHuntTarget } from '../../../../src/client/commands/hunt/hunt-target';
import type { HuntTarget } from '../../../../src/client/commands/hunt/hunt-target';
import { commandsById } from '../../../../src/client/commands/registry';
import { openDialogAtom } from '../../../../src/client/state/dialogs';
import { appStore } from '../../../../src/client/state/store';
import type { HuntPivotValue } from '../../../../src/shared/hunt/row-fields';
import type { HuntRow } from '../../../../src/shared/schemas/hunt';

const context: CommandContext = {
  keys: {},
  me: undefined,
  permissions: new Set(['investigations.read_all', 'evidence.read', 'investigations.write']),
  location: '/app/hunt',
  investigationId: null,
  source: 'key',
};

const person = {
  id: 'E10003',
  fullName: 'Person 7F3K-9QX2',
  email: 'x@pseudonymized.invalid',
  pseudonym: 'Person 7F3K-9QX2',
  identity: 'pseudonymized' as const,
  department: null,
  title: null,
};

/** A Hunt screen whose grid's cell cursor is on `cell`, its cursor row about `person`. */
function screenWith(cell: HuntPivotValue | null, about: typeof person | null = person) {
  const pivot = vi.fn();
  const target: HuntTarget = {
    event: () => ({ id: 'e1', person: about }) as HuntRow,
    cellValue: () => cell,
    pivot,
    focusQuery: () => {},
    showFields: () => {},
    pin: () => {},
  };
  undo = setHuntTarget(target);
  return pivot;
}

let undo: (() => void) | null = null;
afterEach(() => {
  undo?.();
  undo = null;
});

const fileName = { label: 'File name', field: 'file.name', value: 'Q3 forecast.xlsx' };
const command = (id: string) => commandsById.get(id)!;

describe('the Hunt grid cell pivots (s, a, n)', () => {
  it('search for, add and exclude the value under the cell cursor', async () => {
    const pivot = screenWith(fileName);
    await command('hunt.searchValue').run(undefined, context);
    await command('hunt.addValue').run(undefined, context);
    await command('hunt.excludeValue').run(undefined, context);
    expect(pivot.mock.calls).toEqual([
      ['file.name', 'Q3 forecast.xlsx', 'only'],
      ['file.name', 'Q3 forecast.xlsx', 'and'],
      ['file.name', 'Q3 forecast.xlsx', 'not'],
    ]);
  });

  it('say why they cannot run off the Hunt screen or on a cell that is no field', () => {
    expect(command('hunt.addValue').disabledReason!(context)).toBe('Open Hunt first (g h).');
    screenWith(null);
    expect(command('hunt.addValue').disabledReason!(context)).toMatch(/^Move to a value/);
  });
});

describe("the event's person (shift+p)", () => {
  it('offers their timeline, alerts and a new case; the timeline is a hunt on their pseudonym', async () => {
    const pivot = screenWith(fileName);
    const choices = await command('hunt.person').choices!(context);
    expect(choices.map((c) => c.label)).toEqual([
      'Timeline of Person 7F3K-9QX2',
      'Alerts about Person 7F3K-9QX2',
      'Open a case about Person 7F3K-9QX2…',
    ]);
    await command('hunt.person').run({ show: 'timeline' }, context);
    expect(pivot).toHaveBeenCalledWith('person', 'Person 7F3K-9QX2', 'only');
    appStore.set(openDialogAtom, null);
    await command('hunt.person').run({ show: 'case' }, context);
    expect(appStore.get(openDialogAtom)).toEqual({
      kind: 'createInvestigation',
      subjectEmployeeId: 'E10003',
    });
  });

  it('says so when the event is about no one', () => {
    screenWith(fileName, null);
    expect(command('hunt.person').disabledReason!(context)).toBe('This event is about no one.');
  });
});
