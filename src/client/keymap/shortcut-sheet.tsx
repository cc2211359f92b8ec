import { useAtom, useAtomValue } from 'jotai';
import { useMemo } from 'react';

import { commandContext } from '../commands/command-context';
import { currentContext } from '../commands/context-keys';
import { commandsById } from '../commands/registry';
import { Dialog } from '../components/dialog';
import { keymapAtom } from '../state/keymap';
import { platform } from '../state/platform';
import { shortcutSheetOpenAtom } from '../state/shortcut-sheet';
import { shortcutGroups } from './shortcut-rows';

/** The `?` sheet: the shortcuts that work in the current view, from the resolved keymap. */
export function ShortcutSheet() {
  const [open, setOpen] = useAtom(shortcutSheetOpenAtom);
  if (!open) return null;
  return <Sheet onClose={() => setOpen(false)} />;
}

function Sheet(props: { onClose: () => void }) {
  const keymap = useAtomValue(keymapAtom);
  // The context of the view underneath, as it was when the sheet opened.
  const groups = useMemo(() => {
    const context = { ...currentContext(), overlayOpen: false, inputFocus: false };
    // Each command's own predicate says what cannot run here now (a closed case), and why.
    const commands = commandContext('key');
    return shortcutGroups(
      keymap.activeBindings(context),
      commandsById,
      platform,
      (command) => command.disabledReason?.(commands) ?? null,
    );
  }, [keymap]);
  return (
    <Dialog title="Keyboard shortcuts in this view" onClose={props.onClose} wide>
      <div style={{ columns: '2 300px', columnGap: 24 }}>
        {groups.map((group) => (
          <section key={group.category} style={{ breakInside: 'avoid', marginBottom: 14 }}>
            <h3 className="muted" style={{ marginBottom: 4 }}>
              {group.category}
            </h3>
            {group.rows.map((row) => (
              <div
                key={row.title}
                aria-disabled={row.disabledReason ? true : undefined}
                style={{
                  display: 'flex',
                  alignItems: 'flex-start',
                  justifyContent: 'space-between',
                  gap: 12,
                  padding: '2px 0',
                  // Dimmed, not hidden: the key is still there once the case is reopened.
                  opacity: row.disabledReason ? 0.6 : undefined,
                }}
              >
                <span>
                  {row.title}
                  {row.disabledReason ? (
                    <span className="faint"> · {row.disabledReason}</span>
                  ) : null}
                </span>
                {/* Never stretched to a wrapped title's height, never wrapped themselves. */}
                <span style={{ display: 'flex', gap: 4, flexShrink: 0 }}>
                  {row.keys.map((keys) => (
                    <kbd key={keys} style={{ whiteSpace: 'nowrap' }}>
                      {keys}
                    </kbd>
                  ))}
                </span>
              </div>
            ))}
          </section>
        ))}
      </div>
      <p className="faint" style={{ margin: 0 }}>
        Change them in Settings (g s). The palette (Ctrl/⌘ K) lists every command with its key.
      </p>
    </Dialog>
  );
}
