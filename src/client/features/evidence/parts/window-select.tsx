import { useEvidenceUi } from './use-evidence-ui';

const CHOICES = [
  ['all', 'Whole window'],
  ['7d', 'Last 7 days'],
  ['30d', 'Last 30 days'],
  ['90d', 'Last 90 days'],
] as const;

/** How much of the case's window every finding covers (kept per case). */
export function WindowSelect() {
  const { state, update } = useEvidenceUi();
  return (
    <label className="evidence-controls">
      <span className="muted">Window</span>
      <select
        className="select"
        value={state.window}
        onChange={(e) => update({ window: e.target.value })}
      >
        {CHOICES.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}
