// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import { commandsById } from '../../../src/client/commands/registry';
import type { CommandContext } from '../../../src/client/commands/command';
import { appStore } from '../../../src/client/state/store';
import { workspaceAtom } from '../../../src/client/workspace/workspace-atoms';
import {
  focusedTab,
  initialWorkspace,
  openTab,
  tabShowing,
  toggleSplit,
} from '../../../src/client/workspace/workspace-model';

const context: CommandContext = {
  keys: {},
  me: undefined,
  permissions: new Set(['investigations.read', 'evidence.read']),
  location: '/app/',
  investigationId: null,
  source: 'palette',
};

/** Case a at its evidence locker in tab one, the dashboard focused in tab two. */
function caseOpenElsewhere() {
  const ws = openTab(initialWorkspace('/app/investigations/a/evidence-locker', 'one'), '/app/', {
    id: 'two',
  });
  appStore.set(workspaceAtom, ws);
  return ws;
}

describe('opening a case that another tab shows', () => {
  it('finds the tab showing the case, at any page of it, never a case whose id starts the same', () => {
    const ws = caseOpenElsewhere();
    expect(tabShowing(ws, '/app/investigations/a')).toBe('one');
    // A page of the case (an incident of it) opens in the case's tab too.
    expect(tabShowing(ws, '/app/investigations/a/incidents/i1')).toBe('one');
    expect(
      tabShowing(openTab(ws, '/app/investigations/ab', { id: 'x' }), '/app/investigations/a'),
    ).toBe('one');
    expect(tabShowing(ws, '/app/investigations/b')).toBeNull();
  });

  it('goes to that tab instead of replacing the current one (investigation.open, as the palette runs it)', async () => {
    caseOpenElsewhere();
    await commandsById.get('investigation.open')!.run({ id: 'a' }, context);
    const ws = appStore.get(workspaceAtom);
    expect(ws.tabs.map((tab) => [tab.id, tab.location])).toEqual([
      ['one', '/app/investigations/a/evidence-locker'],
      ['two', '/app/'],
    ]);
    expect(focusedTab(ws).id).toBe('one');
  });

  it('in a split, moves the focus to the pane that shows it', async () => {
    appStore.set(workspaceAtom, { ...toggleSplit(caseOpenElsewhere()), focus: 0 });
    expect(appStore.get(workspaceAtom)).toMatchObject({ panes: ['two', 'one'], focus: 0 });
    await commandsById.get('investigation.open')!.run({ id: 'a' }, context);
    expect(appStore.get(workspaceAtom)).toMatchObject({ panes: ['two', 'one'], focus: 1 });
  });

  it('still opens a new tab when one is asked for', async () => {
    caseOpenElsewhere();
    await commandsById.get('investigation.open')!.run({ id: 'a', newTab: true }, context);
    const ws = appStore.get(workspaceAtom);
    expect(ws.tabs).toHaveLength(3);
    expect(focusedTab(ws).location).toBe('/app/investigations/a');
  });
});
