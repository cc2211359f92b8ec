import { describe, expect, it } from 'vitest';

import { commandIds } from '../../../src/shared/commands/command-ids';
import { createCommandRegistry } from '../../../src/shared/commands/command-spec';

const required = [
  'palette.toggle',
  'palette.open',
  'help.shortcuts',
  'search.focus',
  'nav.go',
  'nav.back',
  'nav.investigations',
  'nav.evidence.file-access',
  'investigation.open',
  'investigation.create',
  'investigation.setStatus',
  'investigation.setAssignee',
  'investigation.setRisk',
  'employee.open',
  'incident.open',
  'theme.set',
  'theme.toggle',
  'auth.signOut',
  'link.copy',
  'tab.new',
  'tab.close',
  'tab.next',
  'tab.prev',
  'tab.goto',
  'tab.moveLeft',
  'tab.moveRight',
  'pane.toggleSplit',
  'pane.focusLeft',
  'pane.focusRight',
  'pane.focusOther',
  'list.next',
  'list.prev',
  'list.extendNext',
  'list.extendPrev',
  'list.toggleSelect',
  'list.selectAll',
  'list.open',
  'list.openInNewTab',
  'list.clearSelection',
  'list.exportCsv',
  'list.back',
  'overlay.close',
  'timeline.cursorPrev',
  'timeline.cursorNext',
  'timeline.zoomIn',
  'timeline.zoomOut',
  'timeline.expand',
  'evidence.pin',
  'create.contextual',
  'admin.createUser',
  'admin.disableUser',
  'admin.assignRole',
  'admin.createRole',
  'settings.keymap',
];

describe('command ids', () => {
  it('has every command the console needs', () => {
    expect(required.filter((id) => !commandIds.has(id))).toEqual([]);
  });

  it('has a Go to command for each screen reachable without extra ids', () => {
    expect(commandIds.has('nav.mitre')).toBe(true);
    expect(commandIds.has('nav.incident')).toBe(false);
    expect(commandIds.get('nav.manageUsers')?.adminOnly).toBe(true);
  });

  it('checks args with each command schema', () => {
    const args = (id: string) => commandIds.get(id)?.args;
    expect(args('theme.set')?.safeParse({ theme: 'dark' }).success).toBe(true);
    expect(args('theme.set')?.safeParse({ theme: 'sepia' }).success).toBe(false);
    expect(args('nav.go')?.safeParse({ to: 'investigations' }).success).toBe(true);
    expect(args('nav.go')?.safeParse({ to: '/investigations' }).success).toBe(false);
    expect(args('palette.open')?.safeParse({ mode: 'commands' }).success).toBe(true);
  });

  it('refuses to register one id twice', () => {
    const spec = { id: 'list.next', title: 'Next', category: 'List', keywords: [] } as const;
    expect(() => createCommandRegistry([spec, spec])).toThrow(
      'Command id "list.next" is registered twice; ids must be unique.',
    );
  });

  it('refuses ids that are not dotted', () => {
    const spec = { id: 'Next Row', title: 'Next', category: 'List', keywords: [] } as const;
    expect(() => createCommandRegistry([spec])).toThrow(/not dotted camelCase/);
  });
});
