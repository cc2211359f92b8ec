import type { GeneratorRun } from '../../../shared/schemas/log-generator';
import { formatNumber } from '../../components/format';

/** Where a run is: its phase, a progress bar, and each source's counts. */
export function GeneratorProgress(props: { run: GeneratorRun }) {
  const { run } = props;
  return (
    <div className="card-body" style={{ display: 'grid', gap: 10 }}>
      <div role="status" aria-live="polite">
        {run.status === 'failed' ? (
          <div className="alert error">The run failed: {run.error}</div>
        ) : (
          <span>
            {run.phase} · {run.percent}%
          </span>
        )}
      </div>
      <progress
        className="generator-progress"
        max={100}
        value={run.percent}
        aria-label="Generator progress"
      />
      <table className="generator-table">
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">State</th>
            <th scope="col" className="number">
              Records
            </th>
            <th scope="col" className="number">
              Events
            </th>
            <th scope="col" className="number">
              Written
            </th>
            <th scope="col" className="number">
              Duplicate
            </th>
          </tr>
        </thead>
        <tbody>
          {run.sources.map((s) => (
            <tr key={s.source}>
              <td>{s.label}</td>
              <td>{s.state}</td>
              <td className="number">{formatNumber(s.records)}</td>
              <td className="number">{formatNumber(s.events)}</td>
              <td className="number">{formatNumber(s.accepted)}</td>
              <td className="number">{formatNumber(s.duplicate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
