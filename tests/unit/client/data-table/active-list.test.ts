// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';

import {
  activeList,
  bindListElement,
  setActiveList,
} from '../../../../src/client/components/data-table/list-controller';
import type { ListController } from '../../../../src/client/components/data-table/list-controller';

const list = (): ListController => ({
  next: () => undefined,
  prev: () => undefined,
  extendNext: () => undefined,
  extendPrev: () => undefined,
  toggleSelect: () => undefined,
  selectAll: () => undefined,
  clearSelection: () => false,
  open: () => undefined,
  exportCsv: () => undefined,
  selectionCount: () => 0,
});

function grid(): HTMLElement {
  const element = document.createElement('div');
  element.setAttribute('role', 'grid');
  element.tabIndex = 0;
  const row = document.createElement('button');
  element.append(row);
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the list the keys act on', () => {
  it('is the one bound around the focus, even when the registrations say another or none', () => {
    const timeline = grid();
    const timelineList = list();
    bindListElement(timeline, timelineList);
    timeline.focus();
    // A screen that went away registered last and then let go: nothing is registered now.
    const gone = list();
    setActiveList(gone)();
    expect(activeList()).toBe(timelineList);
    // Focus inside the grid (a row's button) still reaches it.
    timeline.querySelector('button')!.focus();
    expect(activeList()).toBe(timelineList);
  });

  it('falls back to the registered list when the focus is in no bound element', () => {
    const other = list();
    const undo = setActiveList(other);
    document.body.focus();
    expect(activeList()).toBe(other);
    undo();
    expect(activeList()).toBeNull();
  });
});
