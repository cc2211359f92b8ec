// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';

import type { Permission } from '../../../src/shared/permissions';
import { commandIds } from '../../../src/shared/commands/command-ids';
import type { CommandContext } from '../../../src/client/commands/command';
import { clientCommands, commandsById } from '../../../src/client/commands/registry';
import { openDialogAtom } from '../../../src/client/state/dialogs';
import { appStore } from '../../../src/client/state/store';

/** What a command sees with the focused pane at `location` and a role holding `permissions`. */
function contextAt(location: string, permissions: Permission[] = []): CommandContext {
  return {
    keys: {},
    me: undefined,
    permissions: new Set(permissions),
    location,
    investigationId: null,
    source: 'key',
  };
}

/** Runs a command as `c` would and returns the dialog it opened. */
async function dialogAfter(id: string, location: string) {
  appStore.set(openDialogAtom, null);
  await commandsById.get(id)!.run(undefined, contextAt(location, ['investigations.write']));
  return appStore.get(openDialogAtom);
}

describe('client commands', () => {
  it('implement every command id of the shared list, and nothing else', () => {
    const implemented = [...commandsById.keys()].sort();
    const listed = commandIds.all.map((spec) => spec.id).sort();
    expect(implemented).toEqual(listed);
  });

  it('have a title, a category and keywords, and one file per id', () => {
    expect(commandsById.get('nav.mitre')?.title).toBe('Go to MITRE ATT&CK techniques');
    expect(commandsById.get('nav.mitre')?.category).toBe('Navigation');
    expect(commandsById.get('list.toggleSelect')?.keywords).toEqual(['select', 'check']);
    expect(clientCommands.length).toBe(commandsById.size);
    for (const command of clientCommands) {
      expect(command.title, command.id).not.toBe('');
      expect(command.keywords.length, command.id).toBeGreaterThan(0);
    }
  });

  it('give "…" commands a way to choose their arguments', () => {
    const needsChoices = clientCommands.filter(
      (command) => command.title.endsWith('…') && commandIds.get(command.id)?.args,
    );
    expect(needsChoices.length).toBeGreaterThan(5);
    for (const spec of needsChoices) {
      const command = commandsById.get(spec.id)!;
      const handledElsewhere = [
        'investigation.open',
        'employee.open',
        'incident.open',
        'palette.open',
        'nav.go',
      ];
      expect(Boolean(command.choices) || handledElsewhere.includes(spec.id), spec.id).toBe(true);
    }
  });

  it('create a case about the employee open on the Employees page with c, and none elsewhere', async () => {
    expect(await dialogAfter('create.contextual', '/app/employees/?employee=E10174')).toEqual({
      kind: 'createInvestigation',
      subjectEmployeeId: 'E10174',
    });
    expect(await dialogAfter('create.contextual', '/app/employees?employee=E10174#top')).toEqual({
      kind: 'createInvestigation',
      subjectEmployeeId: 'E10174',
    });
    for (const location of ['/app/employees/', '/app/investigations/?employee=E10174', '/app/']) {
      expect(await dialogAfter('create.contextual', location), location).toEqual({
        kind: 'createInvestigation',
      });
    }
    expect(await dialogAfter('investigation.create', '/app/employees/?employee=E10174')).toEqual({
      kind: 'createInvestigation',
    });
  });

  it('refuse to create cases, with one reason, to a role without investigations.write', () => {
    for (const id of ['create.contextual', 'investigation.create']) {
      const command = commandsById.get(id)!;
      expect(command.disabledReason?.(contextAt('/app/employees/', ['employees.read'])), id).toBe(
        'Your role does not allow creating investigations.',
      );
      expect(command.disabledReason?.(contextAt('/app/', ['investigations.write'])), id).toBeNull();
    }
  });
});
