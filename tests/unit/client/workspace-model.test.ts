import { describe, expect, it } from 'vitest';

import {
  closeTab,
  cycleTab,
  focusPane,
  focusedTab,
  fromUrl,
  gotoTab,
  initialWorkspace,
  isItemPlace,
  moveTab,
  openTab,
  parseUrl,
  placeOf,
  reorderTab,
  showTab,
  tabShowing,
  toggleSplit,
  toUrl,
} from '../../../src/client/workspace/workspace-model';
import type { Workspace } from '../../../src/client/workspace/workspace-model';

const A = '/app/investigations/a/evidence-locker/file-access';
const B = '/app/investigations/b/evidence-locker/file-access';

function three(): Workspace {
  let ws = initialWorkspace('/app/', 'one');
  ws = openTab(ws, A, { id: 'two' });
  ws = openTab(ws, B, { id: 'three' });
  return ws;
}

describe('tabs', () => {
  it('open after the focused tab and show it', () => {
    const ws = three();
    expect(ws.tabs.map((t) => t.id)).toEqual(['one', 'two', 'three']);
    expect(focusedTab(ws).id).toBe('three');
    const background = openTab(showTab(ws, 'one'), '/app/employees/', {
      id: 'bg',
      background: true,
    });
    expect(background.tabs.map((t) => t.id)).toEqual(['one', 'bg', 'two', 'three']);
    expect(focusedTab(background).id).toBe('one');
  });

  it('cycle, jump by number and move', () => {
    const ws = three();
    expect(focusedTab(cycleTab(ws, 1)).id).toBe('one');
    expect(focusedTab(cycleTab(ws, -1)).id).toBe('two');
    expect(focusedTab(gotoTab(ws, 0)).id).toBe('one');
    expect(gotoTab(ws, 9)).toBe(ws);
    expect(moveTab(ws, -1).tabs.map((t) => t.id)).toEqual(['one', 'three', 'two']);
    expect(moveTab(ws, 1)).toBe(ws);
    expect(reorderTab(ws, 'three', 0).tabs.map((t) => t.id)).toEqual(['three', 'one', 'two']);
  });

  it('closing shows the neighbour; the last tab goes back to the fallback instead', () => {
    const ws = closeTab(three(), 'three', '/app/');
    expect(ws.tabs.map((t) => t.id)).toEqual(['one', 'two']);
    expect(focusedTab(ws).id).toBe('two');
    const last = closeTab(initialWorkspace(A, 'only'), 'only', '/app/');
    expect(last.tabs).toEqual([{ id: 'only', location: '/app/' }]);
  });
});

describe('split panes', () => {
  it('open beside the neighbouring tab, keep panes on distinct tabs and move focus', () => {
    const ws = toggleSplit(showTab(three(), 'two'));
    expect(ws.panes).toEqual(['two', 'three']);
    expect(ws.focus).toBe(1);
    expect(focusPane(ws, 'other').focus).toBe(0);
    // Showing the tab of the other pane moves the focus there instead of duplicating it.
    expect(showTab(ws, 'two')).toMatchObject({ panes: ['two', 'three'], focus: 0 });
    expect(toggleSplit(ws).panes).toEqual(['three']);
  });

  it('with one tab, splitting copies its location into a new tab', () => {
    const ws = toggleSplit(initialWorkspace(A, 'only'), 'copy');
    expect(ws.tabs.map((t) => t.location)).toEqual([A, A]);
    expect(ws.panes).toEqual(['only', 'copy']);
  });

  it('closing a tab shown in a pane picks a tab the other pane does not show, else closes the split', () => {
    const ws = toggleSplit(showTab(three(), 'two'));
    const closed = closeTab(ws, 'three', '/app/');
    expect(closed.panes).toEqual(['two', 'one']);
    const two = toggleSplit(openTab(initialWorkspace('/app/', 'x'), A, { id: 'y' }));
    expect(closeTab(two, 'y', '/app/').panes).toEqual(['x']);
  });
});

describe('deep links', () => {
  it('put the focused view in the path and the other pane in the hash, and read them back', () => {
    const ws = toggleSplit(showTab(three(), 'two'));
    const url = toUrl(ws);
    expect(url).toBe(`${B}#left=${encodeURIComponent(A)}`);
    const [path, hash] = url.split('#');
    const parsed = parseUrl(path!, '', `#${hash}`);
    expect(parsed).toEqual({ focused: B, other: A, otherSide: 'left' });
    const rebuilt = fromUrl(null, parsed);
    expect(rebuilt.panes.map((id) => rebuilt.tabs.find((t) => t.id === id)!.location)).toEqual([
      A,
      B,
    ]);
    expect(rebuilt.focus).toBe(1);
    expect(toUrl(rebuilt)).toBe(url);
  });

  it('reuse a saved tab with the same location and refuse links to other sites', () => {
    const saved = three();
    const ws = fromUrl(saved, parseUrl(A, '', ''));
    expect(ws.tabs).toHaveLength(3);
    expect(focusedTab(ws).id).toBe('two');
    expect(parseUrl('/app/', '', '#right=https%3A%2F%2Fevil.example').other).toBeNull();
  });

  it('open a link to a case a tab already shows in that tab, at the link’s page', () => {
    const saved = three();
    const timeline = '/app/investigations/a/timeline?label=Confidential';
    const ws = fromUrl(
      saved,
      parseUrl('/app/investigations/a/timeline', '?label=Confidential', ''),
    );
    expect(ws.tabs).toHaveLength(3);
    expect(focusedTab(ws)).toEqual({ id: 'two', location: timeline });
    // Another case, or the case list, is another place.
    expect(fromUrl(saved, parseUrl('/app/investigations/c', '', '')).tabs).toHaveLength(4);
    expect(fromUrl(saved, parseUrl('/app/investigations/', '', '')).tabs).toHaveLength(4);
  });
});

describe('places', () => {
  it('a case at any of its pages is one place; lists and pages keep their path', () => {
    expect(placeOf('/app/investigations/7/evidence-locker/file-access?label=x')).toBe(
      '/app/investigations/7',
    );
    expect(placeOf('/app/investigations/7/')).toBe('/app/investigations/7');
    expect(placeOf('/app/integrations/settings/okta-1')).toBe('/app/integrations/settings/okta-1');
    expect(placeOf('/app/alerts?severity=high')).toBe('/app/alerts');
    expect(isItemPlace('/app/alerts/12')).toBe(true);
    expect(isItemPlace('/app/alerts')).toBe(false);
    expect(tabShowing(three(), '/app/investigations/b/timeline')).toBe('three');
    expect(tabShowing(three(), '/app/investigations/z')).toBeNull();
  });
});
