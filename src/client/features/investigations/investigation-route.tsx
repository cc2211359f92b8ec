import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet, redirect, useParams } from 'react-router-dom';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { toast } from 'sonner';

import { typeLabels } from '../../../shared/investigation-model';
import { investigationQuery } from '../../api/investigations/get-investigation';
import { HttpError } from '../../api/http-error';
import { queryClient } from '../../api/query-client';
import { StatusBadge } from '../../components/badges';
import { CaseRiskBadge } from './case-risk';
import { LegalHoldBadge } from './legal-hold-badge';

/**
 * Opening an investigation fetches it by id. A 404 goes back to the list (with the brief's
 * message); any other failure reaches the route's error screen.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.id;
  if (!id) throw new Error('investigationId is required');
  try {
    return await queryClient.ensureQueryData(investigationQuery(id));
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) {
      toast.error(`Investigation report ${id} not found`);
      return redirect('/app/investigations');
    }
    throw error;
  }
}

const SECTIONS = [
  { to: '', label: 'Overview', end: true },
  { to: 'evidence-locker', label: 'Evidence locker', end: false },
  { to: 'timeline', label: 'Timeline', end: false },
  { to: 'incidents', label: 'Incidents', end: false },
  { to: 'mitre', label: 'MITRE ATT&CK', end: false },
];

/** The frame of every investigation screen: who, status, risk, and the sections. */
export function Component() {
  const { id } = useParams<{ id: string }>();
  const { data } = useQuery(investigationQuery(id!));
  if (!data) return null;
  return (
    <div style={{ display: 'grid', alignContent: 'start' }}>
      <header
        style={{
          display: 'grid',
          gap: 8,
          padding: '12px 20px 0',
          borderBottom: '1px solid var(--border)',
        }}
      >
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 10 }}>
          <h1 style={{ marginRight: 4 }}>{data.title}</h1>
          <StatusBadge status={data.status} />
          <CaseRiskBadge investigation={data} />
          <span className="badge">{typeLabels[data.type]}</span>
          <LegalHoldBadge hold={data.legalHold} />
        </div>
        <div className="muted">
          Subject: <strong style={{ color: 'var(--text)' }}>{data.subject.fullName}</strong> ·{' '}
          {data.subject.title ?? 'No title'} · {data.subject.department ?? 'No department'} ·{' '}
          <span className="mono">{data.subject.id}</span>
        </div>
        <nav className="subnav" aria-label="Investigation sections" style={{ borderBottom: 0 }}>
          {SECTIONS.map((section) => (
            <NavLink key={section.label} to={section.to} end={section.end}>
              {section.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <Outlet />
    </div>
  );
}
