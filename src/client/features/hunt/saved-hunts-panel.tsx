import { useState } from 'react';

import type { SavedHunt, SavedHuntRule } from '../../../shared/schemas/hunt';
import { usePermissions } from '../../api/auth/me';
import { savedHuntRule } from '../../api/hunt/hunt';
import { Dialog } from '../../components/dialog';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';

const CANNOT_ADD =
  'Only a role that may change detection settings tests and adds rules; copy the rule for one who may.';

/**
 * Saved searches: Open runs one (its query and time in the URL), Rule shows it as a detection
 * rule (Vigil JSON and Sigma). "Test and add as a rule…" carries the JSON into Add detection
 * rule, which tests it over the last days (nothing stored) before it is added, disabled until
 * someone enables it, as every rule is.
 */
export function SavedHuntsPanel(props: {
  searches: SavedHunt[];
  onOpen: (search: SavedHunt) => void;
}) {
  const [rule, setRule] = useState<(SavedHuntRule & { name: string }) | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const mayAdd = usePermissions().has('configuration.manage');
  if (props.searches.length === 0) return null;
  return (
    <section className="hunt-saved" aria-label="Saved searches">
      <h2>Saved searches</h2>
      {problem ? <p role="alert">{problem}</p> : null}
      <ul>
        {props.searches.map((search) => (
          <li key={search.id}>
            <button type="button" className="button small" onClick={() => props.onOpen(search)}>
              Open {search.name}
            </button>{' '}
            <button
              type="button"
              className="button small"
              onClick={() => {
                setProblem(null);
                savedHuntRule(search.id).then(
                  (r) => setRule({ ...r, name: search.name }),
                  (error: Error) => setProblem(error.message),
                );
              }}
            >
              Rule from {search.name}
            </button>{' '}
            <span className="mono faint">{search.query}</span>{' '}
            <span className="faint">{search.visibility}</span>
          </li>
        ))}
      </ul>
      {rule ? (
        <Dialog
          title={`Rule from ${rule.name}`}
          wide
          onClose={() => setRule(null)}
          footer={
            <>
              <button type="button" className="button" onClick={() => setRule(null)}>
                Close
              </button>
              <button
                type="button"
                className="button primary"
                disabled={!mayAdd}
                title={mayAdd ? undefined : CANNOT_ADD}
                onClick={() => {
                  const source = rule.vigil;
                  setRule(null);
                  appStore.set(openDialogAtom, {
                    kind: 'addDetectionRule',
                    rule: { format: 'vigil', source },
                  });
                }}
              >
                Test and add as a rule…
              </button>
            </>
          }
        >
          <p>
            {mayAdd
              ? 'Test and add as a rule… shows what it would have found over the last days before it is added; it stays disabled until enabled.'
              : CANNOT_ADD}
          </p>
          <h3>Vigil JSON</h3>
          <pre className="audit-details" tabIndex={0} aria-label="Vigil JSON rule">
            {rule.vigil}
          </pre>
          <h3>Sigma</h3>
          <pre className="audit-details" tabIndex={0} aria-label="Sigma rule">
            {rule.sigma}
          </pre>
        </Dialog>
      ) : null}
    </section>
  );
}
