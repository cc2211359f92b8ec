import { useState } from 'react';

import { statusLabels, typeLabels } from '../../../shared/investigation-model';
import { formatDate, formatDateTime, formatRelative } from '../../components/format';
import { usePermissions } from '../../api/auth/me';
import { CommandButton } from '../../components/command-button';
import { IdentityBadge } from '../../components/identity-badge';
import { SubjectRevealStatus } from '../../widgets/subject-reveal-status';
import { AnalysisPanel } from './analysis-panel';
import { CaseActivity } from './case-activity';
import { CaseChecklist } from './case-checklist';
import { CaseCommandButton } from './case-command-button';
import { CaseOutcome } from './case-outcome';
import { caseRiskText } from './case-risk';
import { caseRevealBlock, caseWriteBlock } from './case-write-block';
import { EditInvestigationForm } from './edit-investigation-form';
import { LongText } from './long-text';
import { useCurrentInvestigation } from './use-current-investigation';
import { WithdrawRevealButton } from './withdraw-reveal-button';

/** Subject, status, risk, type, window, assignee and description, with an edit form. */
export default function OverviewPage() {
  const { data } = useCurrentInvestigation();
  const [editing, setEditing] = useState(false);
  const permissions = usePermissions();
  if (!data) return null;
  return (
    <div className="page case-overview">
      <CaseOutcome investigation={data} />
      <div className="grid-2">
        <section className="card" aria-labelledby="case-facts">
          <header>
            <h2 id="case-facts">Case</h2>
            {!editing ? (
              <CommandButton
                className="button small"
                disabledReason={caseWriteBlock(data, permissions)}
                onClick={() => setEditing(true)}
              >
                Edit
              </CommandButton>
            ) : null}
          </header>
          <div className="card-body">
            {editing ? (
              <EditInvestigationForm investigation={data} onDone={() => setEditing(false)} />
            ) : (
              <dl className="dl">
                <dt>Status</dt>
                <dd>{statusLabels[data.status]}</dd>
                <dt>Risk</dt>
                <dd>{caseRiskText(data)}</dd>
                <dt>Type</dt>
                <dd>{typeLabels[data.type]}</dd>
                <dt>Assignee</dt>
                <dd>{data.assignee ? data.assignee.displayName : 'Unassigned'}</dd>
                <dt>Window</dt>
                <dd>
                  {formatDate(data.windowStart)} – {formatDate(data.windowEnd)}
                </dd>
                <dt>Members</dt>
                <dd>{data.members.map((member) => member.displayName).join(', ') || '—'}</dd>
                <dt>Created</dt>
                <dd>
                  {formatDateTime(data.createdAt)} by {data.createdBy.displayName}
                </dd>
                <dt>Updated</dt>
                <dd>
                  {formatRelative(data.updatedAt)} by {data.updatedBy.displayName}
                </dd>
                <dt>Description</dt>
                <dd>
                  {data.description ? (
                    <LongText text={data.description} label="Description" />
                  ) : (
                    <span className="faint">No description</span>
                  )}
                </dd>
              </dl>
            )}
          </div>
        </section>
        <section className="card" aria-labelledby="case-subject">
          <header>
            <h2 id="case-subject">Subject</h2>
            {data.subject.identity === 'pseudonymized' ? (
              <CaseCommandButton
                command="identity.reveal"
                args={{ employeeId: data.subject.id }}
                hint="Ask to see who this is, with a purpose"
                disabledReason={
                  permissions.has('identity.reveal')
                    ? caseRevealBlock(data)
                    : 'Your role does not allow asking to reveal who a person is.'
                }
              >
                Reveal identity…
              </CaseCommandButton>
            ) : null}
            <WithdrawRevealButton investigationId={data.id} />
          </header>
          <div className="card-body">
            <dl className="dl">
              <dt>Name</dt>
              <dd>
                {data.subject.fullName} <IdentityBadge identity={data.subject.identity} />
              </dd>
              <SubjectRevealStatus investigationId={data.id} subjectId={data.subject.id} />
              <dt>Employee id</dt>
              <dd className="mono">{data.subject.id}</dd>
              <dt>Email</dt>
              <dd>{data.subject.email}</dd>
              <dt>Title</dt>
              <dd>{data.subject.title ?? '—'}</dd>
              <dt>Department</dt>
              <dd>{data.subject.department ?? '—'}</dd>
            </dl>
          </div>
        </section>
      </div>
      <CaseChecklist investigationId={data.id} />
      <CaseActivity investigation={data} />
      <AnalysisPanel investigationId={data.id} state={data.analysis.state} />
    </div>
  );
}
