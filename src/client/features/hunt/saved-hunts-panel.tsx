import { useState } from 'react';

import type { SavedHunt, SavedHuntRule } from '../../../shared/schemas/hunt';
import { savedHuntRule } from '../../api/hunt/hunt';
import { Dialog } from '../../components/dialog';

/**
 * Saved searches: Open runs one, Rule shows it as a detection rule (Vigil JSON and Sigma) to
 * paste into Add Detection Rule…, which tests it over the last days before it is added.
 */
export function SavedHuntsPanel(props: {
  searches: SavedHunt[];
  onOpen: (search: SavedHunt) => void;
}) {
  const [rule, setRule] = useState<(SavedHuntRule & { name: string }) | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
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
              onClick={() =>
                savedHuntRule(search.id).then(
                  (r) => setRule({ ...r, name: search.name }),
                  (error: Error) => setProblem(error.message),
                )
              }
            >
              Rule from {search.name}
            </button>{' '}
            <span className="mono faint">{search.query}</span>{' '}
            <span className="faint">{search.visibility}</span>
          </li>
        ))}
      </ul>
      {rule ? (
        <Dialog title={`Rule from ${rule.name}`} wide onClose={() => setRule(null)}>
          <p>
            Paste it into Add Detection Rule… (palette) to test it over the last days before it is
            added.
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
