import { huntFields } from '../../../shared/hunt/fields';
import type { HuntFieldKind } from '../../../shared/hunt/fields';
import { runCommand } from '../../commands/run-command';
import { Dialog } from '../../components/dialog';
import { KeyHint } from '../../keymap/key-hint';

/** How a field of each kind matches, in a few words. */
const MATCHES: Record<HuntFieldKind, string> = {
  keyword: 'whole value, any case, * ? wildcards',
  text: 'words or a "phrase" inside',
  list: 'any element, whole',
  person: 'pseudonym or employee id',
  time: '[from TO to]',
  number: 'value or [a TO b]',
};

/**
 * The Hunt screen's `?`: the query language in one paragraph, every field with what it holds,
 * how it matches and an example, and the keys of the screen. The keyboard sheet of every screen
 * is one button away.
 */
export function HuntFieldsDialog(props: { onClose: () => void }) {
  return (
    <Dialog
      title="Hunt query fields"
      wide
      onClose={props.onClose}
      footer={
        <>
          <button
            type="button"
            className="button"
            onClick={() => {
              props.onClose();
              void runCommand('help.shortcuts', undefined, 'button');
            }}
          >
            All keyboard shortcuts
          </button>
          <button type="button" className="button primary" onClick={props.onClose}>
            Close
          </button>
        </>
      }
    >
      <p>
        <code>field:value</code>, <code>&quot;a phrase&quot;</code>, <code>*</code> and{' '}
        <code>?</code> wildcards, ranges <code>[a TO b]</code> (<code>{'{a TO b}'}</code> leaves the
        ends out, <code>*</code> is open), <code>AND</code>, <code>OR</code>, <code>NOT</code>,
        parentheses. Bare words search names, paths, subjects, recipients, commands and messages.{' '}
        <code>raw.&lt;path&gt;</code> reads any field of the raw record (
        <code>raw.EventData.TargetFilename:*lsass*</code>).
      </p>
      <table className="hunt-fields-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Holds</th>
            <th scope="col">Matches</th>
            <th scope="col">Example</th>
          </tr>
        </thead>
        <tbody>
          {huntFields.map((f) => (
            <tr key={f.name}>
              <th scope="row" className="mono">
                {f.name}
              </th>
              <td>{f.description}</td>
              <td className="faint">{MATCHES[f.kind]}</td>
              <td className="mono">{f.example}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Keys on this screen</h3>
      <ul className="hunt-keys">
        <li>
          <KeyHint commandId="search.focus" /> the query; Enter runs it
        </li>
        <li>Tab to the bars over time: arrows choose one, Enter narrows the time to it</li>
        <li>
          On a facet value: Enter or <kbd>s</kbd> searches it alone, <kbd>a</kbd> adds it (AND),{' '}
          <kbd>n</kbd> excludes it (NOT)
        </li>
        <li>
          In the results: <kbd>j</kbd> <kbd>k</kbd> move between events and <kbd>←</kbd>{' '}
          <kbd>→</kbd> between their values; Enter opens the event with its raw record,{' '}
          <KeyHint commandId="hunt.pinEvent" /> pins it to a case about its person,{' '}
          <KeyHint commandId="hunt.person" /> offers its person&apos;s timeline, alerts and a new
          case
        </li>
        <li>
          On a value in the results (a person, a file name, a source…):{' '}
          <KeyHint commandId="hunt.searchValue" /> searches it alone,{' '}
          <KeyHint commandId="hunt.addValue" /> adds it (AND),{' '}
          <KeyHint commandId="hunt.excludeValue" /> excludes it (NOT)
        </li>
        <li>
          In an opened event, on a value&apos;s Search button: Enter or <kbd>s</kbd> searches it
          alone, <kbd>a</kbd> adds it, <kbd>n</kbd> excludes it; its person&apos;s timeline, alerts
          and a new case follow
        </li>
      </ul>
    </Dialog>
  );
}
