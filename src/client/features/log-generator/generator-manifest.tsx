import type { GeneratorManifestSummary } from '../../../shared/schemas/log-generator';
import { formatNumber } from '../../components/format';

function when(start: string, end: string): string {
  const day = (iso: string) => iso.slice(0, 16).replace('T', ' ');
  return `${day(start)} → ${day(end)} UTC`;
}

/** What the run injected: who, when, what, and which techniques a detector should raise. */
export function GeneratorManifest(props: { manifest: GeneratorManifestSummary }) {
  const { manifest } = props;
  return (
    <div className="card-body" style={{ display: 'grid', gap: 10 }}>
      <div className="muted">
        Seed {manifest.seed}: {formatNumber(manifest.employees)} employees,{' '}
        {manifest.window.firstDay} to {manifest.window.lastDay},{' '}
        {formatNumber(manifest.totals.records)} records giving{' '}
        {formatNumber(manifest.totals.events)} events.
      </div>
      <table className="generator-table">
        <caption className="visually-hidden">Injected storylines</caption>
        <thead>
          <tr>
            <th scope="col">Storyline</th>
            <th scope="col">Who</th>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">Expected techniques</th>
            <th scope="col" className="number">
              Events
            </th>
          </tr>
        </thead>
        <tbody>
          {manifest.scenarios.map((s) => (
            <tr key={s.index}>
              <td className="nowrap">{s.scenario}</td>
              <td>
                <span className="mono">{s.employeeId}</span>
                <div className="muted">{s.email}</div>
              </td>
              <td className="nowrap">{when(s.start, s.end)}</td>
              <td>{s.summary}</td>
              <td className="mono">{[...s.techniques, ...s.relatedTechniques].join(', ')}</td>
              <td className="number">{formatNumber(s.events)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
