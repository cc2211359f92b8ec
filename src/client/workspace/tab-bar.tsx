import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import type { DragEvent } from 'react';

import { Tooltip } from '../components/tooltip';
import { workspaceAtom } from './workspace-atoms';
import { workspace } from './workspace-controller';
import { focusedTabId } from './workspace-model';
import type { Tab } from './workspace-model';
import { useTabTitle } from './tab-title';

function TabButton(props: { tab: Tab; index: number; selected: boolean; inOtherPane: boolean }) {
  const title = useTabTitle(props.tab.location);
  const ref = useRef<HTMLDivElement>(null);
  // The strip scrolls: the tab a key or a link chose comes into view.
  useEffect(() => {
    if (props.selected) ref.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [props.selected]);
  const onDragStart = (event: DragEvent) =>
    event.dataTransfer.setData('text/vigil-tab', props.tab.id);
  const onDrop = (event: DragEvent) => {
    const id = event.dataTransfer.getData('text/vigil-tab');
    if (id) workspace.reorderTab(id, props.index);
  };
  // The close button sits beside the tab, not inside it: a control inside a tab is a nested
  // interactive element. It is the pointer's way to close; keys close tabs with tab.close.
  return (
    <div
      ref={ref}
      role="presentation"
      className={`tab${props.selected ? ' is-selected' : ''}${props.inOtherPane ? ' in-other-pane' : ''}`}
      draggable
      onDragStart={onDragStart}
      onDragOver={(event) => event.preventDefault()}
      onDrop={onDrop}
      onClick={() => workspace.showTab(props.tab.id)}
      onAuxClick={(event) => event.button === 1 && workspace.closeTab(props.tab.id)}
    >
      <Tooltip content={`${title}\n${props.tab.location}`} side="bottom">
        <span role="tab" tabIndex={props.selected ? 0 : -1} aria-selected={props.selected}>
          <span className="faint">{props.index + 1}</span>
          <span className="tab-title">{title}</span>
        </span>
      </Tooltip>
      <Tooltip content="Close tab" side="bottom">
        <button
          type="button"
          className="tab-close"
          aria-hidden="true"
          tabIndex={-1}
          onClick={(event) => {
            event.stopPropagation();
            workspace.closeTab(props.tab.id);
          }}
        >
          ×
        </button>
      </Tooltip>
    </div>
  );
}

/** The workspace's tabs: click or keys to switch, drag to reorder, × or middle-click to close. */
export function TabBar() {
  const ws = useAtomValue(workspaceAtom);
  const focused = focusedTabId(ws);
  return (
    <div className="topbar">
      <div className="tabs" role="tablist" aria-label="Workspace tabs">
        {ws.tabs.map((tab, index) => (
          <TabButton
            key={tab.id}
            tab={tab}
            index={index}
            selected={tab.id === focused}
            inOtherPane={tab.id !== focused && ws.panes.includes(tab.id)}
          />
        ))}
      </div>
      <div className="topbar-actions">
        <Tooltip content="New tab" side="bottom">
          <button
            type="button"
            className="button ghost small"
            onClick={() => workspace.openTab()}
            aria-label="New tab"
          >
            +
          </button>
        </Tooltip>
        <button
          type="button"
          className="button ghost small"
          onClick={() => workspace.toggleSplit()}
          aria-pressed={ws.panes.length === 2}
        >
          Split
        </button>
      </div>
    </div>
  );
}
