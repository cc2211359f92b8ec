import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

import { buildPath } from '../../../shared/routes';
import type { EmployeeRisk } from '../../../shared/schemas/employee-risk';
import { DETECTING_POLL_MS, useAlertsSummary } from '../../api/alerts/alerts-summary';
import { useEmployeeRisk } from '../../api/employees/employee-risk';
import { RiskBadge } from '../../components/badges';
import { formatNumber } from '../../components/format';
import { DetectingNotice } from './alerts-card';
import './riskiest-people.css';

/** How many people the card lists. */
const SHOWN = 10;

/** The largest parts of a score, in words: "Departure 30 · External transfers 22.5". */
function mainParts(person: EmployeeRisk): string {
  return [...person.parts]
    .filter((part) => part.points > 0)
    .sort((a, b) => b.points - a.points)
    .slice(0, 2)
    .map((part) => `${part.label} ${Number(part.points.toFixed(1))}`)
    .join(' · ');
}

/**
 * The ten people with the highest risk scores, each a link to them in the employee directory,
 * with their level, open alerts and what weighs most in their score. Shown only to roles that
 * may see alerts, since a score says there are some.
 */
export function RiskiestPeopleCard() {
  const detecting = useAlertsSummary().data?.detecting ?? 0;
  const risk = useEmployeeRisk(SHOWN, detecting > 0 ? DETECTING_POLL_MS : false);
  // Once detection is done, the scores are read once more: the last poll came before its end.
  const { refetch } = risk;
  const wasDetecting = useRef(false);
  useEffect(() => {
    if (wasDetecting.current && detecting === 0) void refetch();
    wasDetecting.current = detecting > 0;
  }, [detecting, refetch]);
  const people = risk.data?.people ?? [];
  return (
    <section className="card" aria-labelledby="dashboard-riskiest">
      <header>
        <h2 id="dashboard-riskiest">Riskiest people</h2>
        <Link to={buildPath('employees', {}, { sort: 'risk' })}>Everyone by risk</Link>
      </header>
      <div className="card-body">
        <DetectingNotice detecting={detecting} />
        {risk.isError ? (
          <span className="muted">Unavailable: {risk.error.message}</span>
        ) : risk.isPending ? (
          <span className="muted">Loading…</span>
        ) : people.length === 0 ? (
          <span className="muted">Nobody has a risk score yet: scores come with alerts.</span>
        ) : (
          <ol className="dashboard-riskiest">
            {people.map((person) => (
              <li key={person.subject.id}>
                <Link to={buildPath('employees', {}, { employee: person.subject.id })}>
                  {person.subject.fullName}
                </Link>
                <RiskBadge level={person.level} score={person.score} />
                <span className="muted">
                  {formatNumber(person.openAlerts)} open alert{person.openAlerts === 1 ? '' : 's'}
                </span>
                <span className="faint dashboard-risk-parts">{mainParts(person)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
