import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { toast } from 'sonner';

import { attackCopyright, attackRelease, attackTermsUrl } from '../../../shared/attack';
import { incidentSeverities, severityLabels } from '../../../shared/incident-model';
import { useActiveTechniques } from '../../api/incidents/active-techniques';
import { downloadAttackLayer } from '../../api/incidents/attack-layer';
import { workspace } from '../../workspace/workspace-controller';
import { AttackMatrix } from './attack-matrix';
import { ItmPanel } from './itm-panel';
import { buildMatrix } from './matrix-model';
import './mitre.css';
import { plural } from '../../../shared/wording';

/**
 * The MITRE ATT&CK view of a case: the matrix of the techniques its incidents name, shaded by
 * count and severity; choosing one opens its incidents. Exports an ATT&CK Navigator layer. Below
 * it, the same incidents in the Insider Threat Matrix.
 */
export default function MitrePage() {
  const { id = '' } = useParams<{ id: string }>();
  const techniques = useActiveTechniques(id);
  const observed = useMemo(() => techniques.data?.techniques ?? [], [techniques.data]);
  const columns = useMemo(() => buildMatrix(observed), [observed]);
  const [exporting, setExporting] = useState(false);

  const exportLayer = async () => {
    setExporting(true);
    try {
      const name = await downloadAttackLayer(id);
      toast.success('Navigator layer saved', {
        description: `${name}: open it in ATT&CK Navigator (Open Existing Layer → Upload from local).`,
      });
    } catch (error) {
      toast.error('Could not export the layer', {
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="page mitre-page">
      <div className="page-header">
        <div>
          <h2>MITRE ATT&amp;CK techniques</h2>
          <div className="subtitle muted">
            {techniques.data?.pending
              ? 'Analysis in progress: techniques appear when it ends.'
              : `${plural(observed.length, 'technique')} observed in this case's incidents (dismissed incidents left out). Arrow keys move, Enter opens the incidents.`}
          </div>
        </div>
        <div className="toolbar">
          <div className="attack-legend" aria-label="Legend">
            {incidentSeverities.map((severity) => (
              <span key={severity} className={`attack-legend-item severity-${severity}`}>
                {severityLabels[severity]}
              </span>
            ))}
            <span className="attack-legend-item faint">Not observed</span>
          </div>
          <button
            type="button"
            className="button"
            onClick={() => void exportLayer()}
            disabled={exporting}
          >
            Export Navigator layer
          </button>
        </div>
      </div>
      {techniques.isError ? <div className="alert error">{techniques.error.message}</div> : null}
      <AttackMatrix
        columns={columns}
        onChoose={(technique) =>
          workspace.navigate(
            `/app/investigations/${encodeURIComponent(id)}/incidents?technique=${encodeURIComponent(technique)}`,
          )
        }
      />
      <ItmPanel investigationId={id} />
      <footer className="attack-notice faint">
        Techniques and tactics from MITRE ATT&amp;CK® Enterprise v{attackRelease}. {attackCopyright}{' '}
        <a href={attackTermsUrl} target="_blank" rel="noreferrer">
          Terms of use
        </a>
        .
      </footer>
    </div>
  );
}
