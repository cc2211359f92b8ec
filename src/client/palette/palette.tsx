import { Command } from 'cmdk';
import { useAtom, useAtomValue } from 'jotai';
import { useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';

import { usePermissions } from '../api/auth/me';
import { recentEntries } from '../commands/recent-commands';
import { paletteModeAtom, paletteOpenAtom, palettePagesAtom } from '../state/palette';
import { EventSearchSection } from './event-search-section';
import type { PaletteEntry } from './palette-entry';
import { parsePaletteInput, prefixOf } from './palette-modes';
import { paletteSources } from './palette-sources';
import type { PaletteMode } from '../state/palette';
import { rankEntries } from './rank';
import { useChoiceEntries } from './use-choice-entries';
import { useCommandEntries } from './use-command-entries';
import { useEmployeeEntries, useInvestigationEntries } from './use-entity-entries';
import { useEventSearchEntries } from './use-event-search-entries';
import { useIncidentEntries } from './use-incident-entries';
import { useIntegrationEntries } from './use-integration-entries';
import { useSavedHuntEntries } from './use-saved-hunt-entries';
import { plural } from '../../shared/wording';

const PLACEHOLDERS: Record<PaletteMode, string> = {
  // Short enough to fit the palette's width: the prefixes are the part people forget.
  search: 'Search…   > commands   # cases   @ people   / pages',
  commands: 'Run a command…',
  investigations: 'Find an investigation by title, subject or id…',
  people: 'Find a person by name, email or id…',
  pages: 'Go to a page…',
};

/** The command palette (Ctrl/Cmd+K): one place to reach every case, person, page and command. */
export function Palette() {
  const open = useAtomValue(paletteOpenAtom);
  const pages = useAtomValue(palettePagesAtom);
  // A new page (or reopening) starts from a fresh input.
  return open ? <PaletteDialog key={pages.map((p) => p.commandId).join('/')} /> : null;
}

function PaletteDialog() {
  const [, setOpen] = useAtom(paletteOpenAtom);
  const [pages, setPages] = useAtom(palettePagesAtom);
  const initialMode = useAtomValue(paletteModeAtom);
  const [text, setText] = useState(() => prefixOf(initialMode));
  const newTab = useRef(false);
  const page = pages[pages.length - 1];
  const { mode, query } = parsePaletteInput(text, 'search');

  const commands = useCommandEntries(true);
  const may = paletteSources(usePermissions());
  const wantsCases = !page && (mode === 'search' || mode === 'investigations');
  const wantsPeople = !page && (mode === 'search' || mode === 'people');
  const cases = useInvestigationEntries(query, wantsCases && may.cases);
  const incidents = useIncidentEntries(query, wantsCases && may.incidents);
  const people = useEmployeeEntries(query, wantsPeople && may.people);
  const integrations = useIntegrationEntries(!page && (mode === 'search' || mode === 'pages'));
  const huntSearches = useSavedHuntEntries(
    !page && (mode === 'search' || mode === 'pages') && may.huntSearches,
  );
  const choices = useChoiceEntries(page);
  const events = useEventSearchEntries(query, !page && mode === 'search' && may.events);

  const candidates = useMemo((): PaletteEntry[] => {
    if (page) return choices.entries;
    switch (mode) {
      case 'commands':
        return commands;
      case 'pages':
        return [
          ...integrations.alarms,
          ...commands.filter((entry) => entry.group === 'Pages'),
          ...huntSearches,
          ...integrations.entries,
        ];
      case 'investigations':
        return [...cases.entries, ...incidents.entries];
      case 'people':
        return people.entries;
      default:
        // A failing collector comes first: the palette opened with nothing typed shows it.
        return [
          ...integrations.alarms,
          ...commands,
          ...cases.entries,
          ...incidents.entries,
          ...people.entries,
          ...huntSearches,
          ...integrations.entries,
        ];
    }
  }, [
    huntSearches,
    page,
    mode,
    commands,
    cases.entries,
    incidents.entries,
    people.entries,
    integrations,
    choices.entries,
  ]);

  const { results, total } = useMemo(
    () => rankEntries(candidates, query, recentEntries()),
    [candidates, query],
  );
  const loading =
    choices.loading ||
    (wantsCases && (cases.loading || incidents.loading)) ||
    (wantsPeople && people.loading);

  const choose = (entry: PaletteEntry) => {
    if (entry.disabledReason) return;
    const inNewTab = newTab.current;
    newTab.current = false;
    setOpen(false);
    setPages([]);
    entry.run(inNewTab);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // cmdk selects on Enter whatever the modifiers; remember them for "open in a new tab".
    if (event.key === 'Enter') newTab.current = event.metaKey || event.ctrlKey;
    if (event.key === 'Backspace' && text === '' && pages.length > 0) {
      event.preventDefault();
      setPages(pages.slice(0, -1));
    }
  };

  return createPortal(
    <div
      className="dialog-backdrop palette-backdrop"
      onMouseDown={(e) => e.target === e.currentTarget && setOpen(false)}
    >
      <Command
        className="palette"
        label="Command palette"
        shouldFilter={false}
        vimBindings={false}
        loop
        onKeyDown={onKeyDown}
        data-overlay="palette"
      >
        {page ? (
          <div className="palette-crumbs">
            {pages.map((p) => (
              <span key={p.commandId} className="badge">
                {p.title}
              </span>
            ))}
          </div>
        ) : null}
        <Command.Input
          autoFocus
          value={text}
          onValueChange={setText}
          placeholder={page ? `${page.title}: choose…` : PLACEHOLDERS[mode]}
          className="palette-input"
        />
        <div className="visually-hidden" role="status" aria-live="polite">
          {loading ? 'Searching…' : plural(total, 'result')}
        </div>
        <Command.List className="palette-list">
          {!loading && results.length === 0 && events.entries.length === 0 && !events.loading ? (
            <Command.Empty className="palette-empty">Nothing matches “{query}”.</Command.Empty>
          ) : null}
          {results.map((entry) => (
            <Command.Item
              key={entry.key}
              value={entry.key}
              disabled={Boolean(entry.disabledReason)}
              onSelect={() => choose(entry)}
              className="palette-item"
            >
              <span className="palette-label">{entry.label}</span>
              <span className="palette-detail">{entry.disabledReason ?? entry.detail}</span>
              <span className="palette-group">{entry.group}</span>
              {entry.keys ? <kbd>{entry.keys}</kbd> : null}
            </Command.Item>
          ))}
          <EventSearchSection search={events} onChoose={choose} />
        </Command.List>
        <div className="palette-footer faint">
          <span>
            <kbd>↵</kbd> open · <kbd>Ctrl</kbd>+<kbd>↵</kbd> new tab · <kbd>Esc</kbd>{' '}
            {page ? 'back' : 'close'}
          </span>
          <span>
            {total > results.length ? `${results.length} of ${total}` : `${total}`} results
          </span>
        </div>
      </Command>
    </div>,
    document.body,
  );
}
