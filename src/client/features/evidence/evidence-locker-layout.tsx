import './evidence.css';

import { NavLink, Outlet } from 'react-router-dom';

import { evidencePageSlugs, routes } from '../../../shared/routes';
import { useTopic } from '../../api/findings/topics';
import { PinDialog } from '../../widgets/pin-dialog';
import { LinkedEventDialog } from './parts/linked-event-dialog';
import { useEvidenceUi } from './parts/use-evidence-ui';

/** The evidence locker: its pages with their anomaly counts, the chosen one beside them. */
export default function EvidenceLockerLayout() {
  const { id, window } = useEvidenceUi();
  const counts = useTopic(id, 'anomalyCounts', window);
  const badge = (slug: string) => {
    const n = counts.data?.counts[slug];
    if (n === undefined) return null;
    return (
      <span className={`evidence-count${n === 0 ? ' zero' : ''}`} aria-label={`${n} anomalies`}>
        {n}
      </span>
    );
  };
  return (
    <div className="page evidence-locker">
      <nav className="evidence-nav" aria-label="Evidence pages">
        <NavLink to="." end>
          Summary
          {counts.data ? (
            <span className={`evidence-count${counts.data.total === 0 ? ' zero' : ''}`}>
              {counts.data.total}
            </span>
          ) : null}
        </NavLink>
        {evidencePageSlugs.map((slug) => (
          <NavLink key={slug} to={slug}>
            {routes[`evidence.${slug}`].title.replace(/^Evidence: /, '')}
            {badge(slug)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
      <PinDialog investigationId={id} />
      <LinkedEventDialog investigationId={id} />
    </div>
  );
}
