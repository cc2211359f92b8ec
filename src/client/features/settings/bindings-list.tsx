import { useMemo, useState } from 'react';

import type { KeyBinding } from '../../../shared/keymap/keymap-file';
import { formatSequence } from '../../../shared/keymap/key-label';
import { createKeymap } from '../../../shared/keymap/resolver';
import type { KeymapProfile } from '../../../shared/schemas/settings';
import { commandsById } from '../../commands/registry';
import { layersFor } from '../../state/keymap';
import { platform } from '../../state/platform';

/** Every binding of the keymap being edited, searchable; "Remove" adds a `-command` rule. */
export function BindingsList(props: {
  profile: KeymapProfile;
  rules: KeyBinding[];
  singleKeys: boolean;
  onRebind: (rules: KeyBinding[]) => void;
}) {
  const [filter, setFilter] = useState('');
  const keymap = useMemo(
    () =>
      createKeymap(
        layersFor({
          profile: props.profile,
          rules: props.rules,
          singleKeyShortcutsEnabled: props.singleKeys,
        }),
        { platform },
      ),
    [props.profile, props.rules, props.singleKeys],
  );
  const needle = filter.trim().toLowerCase();
  const rows = keymap.bindings
    .filter((b) => b.command !== '')
    .map((b) => ({
      binding: b,
      title: commandsById.get(b.command)?.title ?? b.command,
      keys: formatSequence(b.sequence, platform),
    }))
    .filter(
      (r) =>
        !needle ||
        `${r.title} ${r.binding.command} ${r.keys} ${r.binding.when ?? ''}`
          .toLowerCase()
          .includes(needle),
    );
  return (
    <section className="card">
      <header>
        <h2>All shortcuts</h2>
        <input
          className="input"
          type="search"
          data-search
          placeholder="Filter shortcuts"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          style={{ width: 240 }}
          aria-label="Filter shortcuts"
        />
      </header>
      <div className="card-body" style={{ maxHeight: 420, overflow: 'auto' }}>
        <table className="matrix middle" aria-label="Shortcuts">
          <thead>
            <tr>
              <th>Key</th>
              <th>Command</th>
              <th>When</th>
              <th>From</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map(({ binding, title, keys }) => (
              <tr key={`${binding.layer}${binding.index}`}>
                <td style={{ textAlign: 'left', whiteSpace: 'nowrap' }}>
                  <kbd>{keys}</kbd>
                </td>
                <td style={{ textAlign: 'left' }}>
                  {title} <span className="faint mono">{binding.command}</span>
                </td>
                <td style={{ textAlign: 'left' }} className="mono faint">
                  {binding.when ?? 'always'}
                </td>
                <td style={{ textAlign: 'left' }} className="faint">
                  {binding.layer}
                </td>
                <td>
                  <button
                    type="button"
                    className="button small"
                    onClick={() =>
                      props.onRebind([{ key: binding.key, command: `-${binding.command}` }])
                    }
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
