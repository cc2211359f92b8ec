import { useId } from 'react';

import { severityLabels } from '../../../shared/incident-model';
import type { Permission } from '../../../shared/permissions';
import type { DetectionRule } from '../../../shared/schemas/detection-rules';
import { ruleActionBlocked } from '../../commands/detection/rule-availability';
import { CommandButton } from '../../components/command-button';
import { formatDateTime } from '../../components/format';
import { Tooltip } from '../../components/tooltip';
import { useKeyLabel } from '../../keymap/key-hint';
import {
  EnabledBadge,
  SeverityBadge,
  TechniqueIds,
  formatLabels,
  originLabels,
} from './rule-badges';

/** Who the rule looks at: everyone, or the people on one watchlist; and when it raises. */
function Scope(props: { rule: DetectionRule; watchlistName: (id: string) => string }) {
  const { rule, watchlistName } = props;
  return (
    <>
      <dt>Watches</dt>
      <dd>{rule.watchlist ? `People on ${watchlistName(rule.watchlist)}` : 'Everyone'}</dd>
      {rule.raiseOn ? (
        <>
          <dt>Raised</dt>
          <dd>
            to {severityLabels[rule.raiseOn.severity]} for people on{' '}
            {watchlistName(rule.raiseOn.watchlist)}
          </dd>
        </>
      ) : null}
    </>
  );
}

/**
 * One rule beside the list: what it looks for, whom it watches, the policies that include it,
 * its source as written (read only), and buttons to switch it on or off and, for a rule someone
 * added, to delete it. The buttons act on this rule, whatever the list's cursor is on.
 */
export function RuleDetail(props: {
  rule: DetectionRule;
  permissions: ReadonlySet<Permission>;
  /** The signed-in user's id, which says whether they may delete a rule they added. */
  viewerId: string | undefined;
  policyTitle: (id: string) => string;
  watchlistName: (id: string) => string;
  onToggle: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const { rule } = props;
  const sourceId = useId();
  const toggleKey = useKeyLabel('detectionRule.toggleEnabled');
  const deleteKey = useKeyLabel('detectionRule.delete');
  const withKey = (text: string, key: string) => (key ? `${text} (${key} in the list)` : text);
  return (
    <aside className="card rule-detail" aria-label={`Rule ${rule.title}`}>
      <header>
        <h2>{rule.title}</h2>
        <Tooltip content="Close">
          <button
            type="button"
            className="button ghost small"
            aria-label="Close rule"
            onClick={props.onClose}
          >
            ×
          </button>
        </Tooltip>
      </header>
      <div className="card-body stack">
        <div className="rule-detail-badges">
          <SeverityBadge severity={rule.severity} />
          <EnabledBadge rule={rule} />
          <span className="badge">{formatLabels[rule.format]}</span>
          <span className="badge">{originLabels[rule.origin]}</span>
        </div>
        {!rule.enabled && rule.disabledReason ? (
          <p className="rule-disabled-reason" role="note">
            {rule.disabledReason}
          </p>
        ) : null}
        {rule.description ? <p className="rule-description">{rule.description}</p> : null}
        <dl className="dl">
          <dt>Id</dt>
          <dd className="mono">{rule.id}</dd>
          <Scope rule={rule} watchlistName={props.watchlistName} />
          <dt>Techniques</dt>
          <dd>
            {rule.techniques.length > 0 ? <TechniqueIds techniques={rule.techniques} /> : '—'}
          </dd>
          <dt>Policies</dt>
          <dd>
            {rule.policies.length > 0 ? rule.policies.map(props.policyTitle).join(', ') : '—'}
          </dd>
          {rule.createdBy ? (
            <>
              <dt>Added</dt>
              <dd>
                by {rule.createdBy.displayName} on {formatDateTime(rule.createdAt)}
              </dd>
            </>
          ) : null}
        </dl>
        <div className="toolbar">
          <CommandButton
            className="button"
            disabledReason={ruleActionBlocked('toggleEnabled', props.permissions, rule)}
            hint={withKey(rule.enabled ? 'Stop raising alerts' : 'Raise alerts', toggleKey)}
            onClick={props.onToggle}
          >
            {rule.enabled ? 'Disable' : 'Enable'}
          </CommandButton>
          <CommandButton
            className="button danger"
            disabledReason={ruleActionBlocked('delete', props.permissions, rule, props.viewerId)}
            hint={withKey('Asks first', deleteKey)}
            onClick={props.onDelete}
          >
            Delete…
          </CommandButton>
        </div>
        <div>
          <h3 className="rule-source-title" id={sourceId}>
            Source ({formatLabels[rule.format]})
          </h3>
          {/* Focusable so the keyboard can scroll a long rule; read only. */}
          <pre className="rule-source" role="region" tabIndex={0} aria-labelledby={sourceId}>
            <code>{rule.source}</code>
          </pre>
        </div>
      </div>
    </aside>
  );
}
