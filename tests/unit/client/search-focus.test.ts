// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';

import type { CommandContext } from '../../../src/client/commands/command';
import { commandsById } from '../../../src/client/commands/registry';

const context: CommandContext = {
  keys: {},
  me: undefined,
  permissions: new Set(),
  location: '/app/investigations',
  investigationId: null,
  source: 'key',
};
const searchFocus = commandsById.get('search.focus')!;
const slash = () => searchFocus.run(undefined, context);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('/ focuses the filter of what has the keys', () => {
  it('the focused pane’s box when no dialog is open', async () => {
    document.body.innerHTML = `<div class="pane focused"><input type="search" aria-label="pane"></div>`;
    expect(searchFocus.disabledReason?.(context)).toBeNull();
    await slash();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('pane');
  });

  it('the box of the topmost dialog, not the pane behind it', async () => {
    document.body.innerHTML = `
      <div class="pane focused"><input type="search" aria-label="pane"></div>
      <div role="dialog"><input type="search" aria-label="first dialog"></div>
      <div role="dialog"><input type="search" aria-label="file events"></div>`;
    await slash();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('file events');
  });

  it('nothing behind a dialog without a box of its own, and says why', async () => {
    document.body.innerHTML = `
      <div class="pane focused"><input type="search" aria-label="pane"></div>
      <div role="dialog"><p>Shortcuts</p></div>`;
    expect(searchFocus.disabledReason?.(context)).toBe('This view has no search box.');
    await slash();
    expect(document.activeElement).toBe(document.body);
  });
});
