import { Link } from 'react-router-dom';

import { itmThemes } from '../../../shared/insider-threat-matrix';
import { severityLabels } from '../../../shared/incident-model';
import { useActiveItm } from '../../api/incidents/active-itm';
import { useIncidents } from '../../api/incidents/list-incidents';
import { plural } from '../../../shared/wording';

/**
 * The case seen through the Insider Threat Matrix: for each theme (motive, means, preparation,
 * infringement, anti-forensics), the sections its incidents belong to, each with links to
 * those incidents. Beside ATT&CK, which describes an intruder's techniques, this says what an
 * insider did.
 */
export function ItmPanel(props: { investigationId: string }) {
  const itm = useActiveItm(props.investigationId);
  const incidents = useIncidents(props.investigationId);
  const sections = itm.data?.sections ?? [];
  const titleOf = (id: string) =>
    incidents.data?.incidents.find((incident) => incident.id === id)?.title ?? 'Incident';
  return (
    <section className="card itm-panel" aria-labelledby="itm-heading">
      <header>
        <h2 id="itm-heading">Insider Threat Matrix</h2>
        <span className="muted">
          {itm.isLoading ? 'Loading…' : `${plural(sections.length, 'section')} observed`}
        </span>
      </header>
      <div className="card-body itm-themes">
        {itmThemes.map((theme) => {
          const observed = sections.filter((section) => section.theme === theme.id);
          return (
            <div key={theme.id} className="itm-theme">
              <h3 className="itm-theme-name">{theme.name}</h3>
              {observed.length === 0 ? (
                <p className="faint">Nothing observed</p>
              ) : (
                <ul className="itm-sections">
                  {observed.map((section) => (
                    <li key={section.id} className={`itm-section severity-${section.maxSeverity}`}>
                      <span className="mono">{section.id}</span> {section.name}
                      <span className="muted">
                        {' '}
                        · {plural(section.count, 'incident')}, worst{' '}
                        {severityLabels[section.maxSeverity].toLowerCase()}
                      </span>
                      <span className="itm-incidents">
                        {section.incidents.map((incident) => (
                          <Link
                            key={incident}
                            to={`/app/investigations/${encodeURIComponent(props.investigationId)}/incidents/${encodeURIComponent(incident)}`}
                          >
                            {titleOf(incident)}
                          </Link>
                        ))}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>
      <footer className="attack-notice faint">
        Sections of the Insider Threat Matrix™ by Forscie (insiderthreatmatrix.org), an open
        framework.
      </footer>
    </section>
  );
}
