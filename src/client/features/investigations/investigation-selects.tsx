import {
  investigationTypes,
  riskLabels,
  riskLevels,
  typeLabels,
} from '../../../shared/investigation-model';
import type { InvestigationType, RiskLevel } from '../../../shared/investigation-model';
import { useUserDirectory } from '../../api/users/user-directory';

/** The case types, labelled. Field passes id and aria props through. */
export function TypeSelect(props: {
  value: InvestigationType;
  onChange: (value: InvestigationType) => void;
}) {
  const { value, onChange, ...rest } = props;
  return (
    <select
      {...rest}
      className="select"
      value={value}
      onChange={(e) => onChange(e.target.value as InvestigationType)}
    >
      {investigationTypes.map((type) => (
        <option key={type} value={type}>
          {typeLabels[type]}
        </option>
      ))}
    </select>
  );
}

/** The risk levels, labelled. */
export function RiskSelect(props: { value: RiskLevel; onChange: (value: RiskLevel) => void }) {
  const { value, onChange, ...rest } = props;
  return (
    <select
      {...rest}
      className="select"
      value={value}
      onChange={(e) => onChange(e.target.value as RiskLevel)}
    >
      {riskLevels.map((level) => (
        <option key={level} value={level}>
          {riskLabels[level]}
        </option>
      ))}
    </select>
  );
}

/** Active users, or nobody ('' means unassigned). */
export function AssigneeSelect(props: { value: string; onChange: (userId: string) => void }) {
  const { value, onChange, ...rest } = props;
  const users = useUserDirectory();
  return (
    <select {...rest} className="select" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">Unassigned</option>
      {(users.data?.users ?? []).map((user) => (
        <option key={user.id} value={user.id}>
          {user.displayName} ({user.email})
        </option>
      ))}
    </select>
  );
}
