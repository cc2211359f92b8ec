import { useAtom, useAtomValue } from 'jotai';
import { useMemo } from 'react';

import { formatSequence } from '../../shared/keymap/key-label';
import { currentContext } from '../commands/context-keys';
import { commandsById } from '../commands/registry';
import { Dialog } from '../components/dialog';
import { keymapAtom } from '../state/keymap';
import { platform } from '../state/platform';
import { shortcutSheetOpenAtom } from '../state/shortcut-sheet';

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
    const byCategory = new Map<string, Array<{ keys: string; title: string }>>();
    const seen = new Set<string>();
    for (const binding of keymap.activeBindings(context)) {
      const command = commandsById.get(binding.command);
      if (!command) continue;
      const keys = formatSequence(binding.sequence, platform);
      const title = describe(command.title, binding.args);
      const id = `${title}|${keys}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const list = byCategory.get(command.category) ?? [];
      list.push({ keys, title });
      byCategory.set(command.category, list);
    }
    return [...byCategory.entries()];
  }, [keymap]);
  return (
    <Dialog title="Keyboard shortcuts in this view" onClose={props.onClose} wide>
      <div style={{ columns: '2 300px', columnGap: 24 }}>
        {groups.map(([category, items]) => (
          <section key={category} style={{ breakInside: 'avoid', marginBottom: 14 }}>
            <h3 className="muted" style={{ marginBottom: 4 }}>
              {category}
            </h3>
            {items.map((item) => (
              <div
                key={`${item.title}${item.keys}`}
                style={{
                  display: 'flex',
                  alignItems: 'flex-start',
                  justifyContent: 'space-between',
                  gap: 12,
                  padding: '2px 0',
                }}
              >
                <span>{item.title}</span>
                {/* Never stretched to a wrapped title's height, never wrapped itself. */}
                <kbd style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>{item.keys}</kbd>
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

function describe(title: string, args: unknown): string {
  if (args && typeof args === 'object') {
    const values = Object.values(args as Record<string, unknown>).map(String);
    if (values.length > 0) return `${title.replace(/…$/, '')}: ${values.join(' ')}`;
  }
  return title;
}
