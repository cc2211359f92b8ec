import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { DetectionRule } from '../../../shared/schemas/detection-rules';
import { useMe, usePermissions } from '../../api/auth/me';
import { useDetectionRules } from '../../api/detection/list-detection-rules';
import { useWatchlists } from '../../api/watchlists/list-watchlists';
import { CANNOT_CHANGE_RULES } from '../../commands/detection/rule-availability';
import { mayOpenRoute } from '../../commands/navigation/route-access';
import { runCommand } from '../../commands/run-command';
import { CommandButton } from '../../components/command-button';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableHandle } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/empty-state';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { RuleDetail } from './rule-detail';
import { ruleColumns } from './rule-columns';
import type { RuleFilters } from './rule-filters';
import { RuleFilterBar, filterRules, ruleFiltersFrom } from './rule-filters';
import { useRuleActions } from './use-rule-actions';
import './detection.css';

/**
 * Detection rules: every rule detection runs (shipped with Vigil or added here), filtered by
 * policy preset and format. Keys: j/k move, Enter or o shows the rule beside the list, e
 * switches it on or off, Delete (or D) deletes a rule someone added, after asking.
 */
export default function DetectionRulesPage() {
  const me = useMe();
  const permissions = usePermissions();
  if (me.isPending) return <Loading />;
  if (!mayOpenRoute('detectionRules', permissions)) {
    return (
      <div className="page">
        <PageHeader title="Detection rules" />
        <EmptyState title="Detection rules are not open to your role">
          Rules say what detection looks for in everyone&apos;s activity: they need the permissions
          to read every investigation and its evidence.
        </EmptyState>
      </div>
    );
  }
  return <RuleList />;
}

function RuleList() {
  const me = useMe();
  const permissions = usePermissions();
  const rules = useDetectionRules();
  const watchlists = useWatchlists();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => ruleFiltersFrom(params), [params]);
  const openId = params.get('rule');
  const table = useRef<DataTableHandle<DetectionRule>>(null);

  const all = useMemo(() => rules.data?.rules ?? [], [rules.data]);
  const policies = useMemo(() => rules.data?.policies ?? [], [rules.data]);
  const shown = useMemo(() => filterRules(all, policies, filters), [all, policies, filters]);
  const columns = useMemo(() => {
    const titles = new Map(policies.map((policy) => [policy.id, policy.title]));
    return ruleColumns((id) => titles.get(id) ?? id);
  }, [policies]);
  const policyTitle = (id: string) => policies.find((p) => p.id === id)?.title ?? id;
  const watchlistName = (id: string) =>
    watchlists.data?.watchlists.find((list) => list.id === id)?.name ?? id;
  const open = all.find((rule) => rule.id === openId) ?? null;

  /** Writes one search parameter, keeping the others. */
  const setParam = (name: keyof RuleFilters | 'rule', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const actions = useRuleActions({
    rule: () => table.current?.cursorRow() ?? null,
    onDeleted: (rule) => {
      const handle = table.current;
      if (rule.id === openId) setParam('rule', null);
      if (!handle) return;
      const ids = handle.rows().map((r) => r.id);
      const index = ids.indexOf(rule.id);
      const next = ids[index + 1] ?? ids[index - 1];
      if (next) handle.moveCursorTo(next);
    },
  });

  const enabled = all.filter((rule) => rule.enabled).length;
  const canChange = permissions.has('configuration.manage');
  return (
    <div className="page detection-page">
      <PageHeader
        title="Detection rules"
        subtitle={
          rules.data
            ? `${all.length} rules, ${enabled} enabled. Detection runs the enabled ones over every new batch of events.`
            : 'What detection looks for in everyone’s activity'
        }
        actions={
          <CommandButton
            className="button primary"
            disabledReason={canChange ? null : CANNOT_CHANGE_RULES}
            hint="Paste or upload a Vigil JSON or Sigma YAML rule, test it, then add it"
            onClick={() => void runCommand('detectionRule.add', undefined, 'button')}
          >
            Add rule…
          </CommandButton>
        }
      />
      {rules.isError ? (
        <div className="alert error" role="alert">
          The rules could not be loaded: {rules.error.message}
        </div>
      ) : null}
      <div className={open ? 'detection-body with-detail' : 'detection-body'}>
        <DataTable
          label="Detection rules"
          columns={columns}
          rows={shown}
          getRowId={(rule) => rule.id}
          loading={rules.isLoading}
          height="fill"
          exportName="detection-rules"
          mainGrid
          tableRef={table}
          selectedRowId={open?.id ?? null}
          onOpen={(rule) => setParam('rule', rule.id)}
          emptyMessage={
            all.length === 0 ? 'No detection rule yet.' : 'No rule matches these filters.'
          }
          toolbarExtra={
            <RuleFilterBar
              filters={filters}
              policies={policies}
              onChange={(name, value) => setParam(name, value)}
            />
          }
        />
        {open ? (
          <RuleDetail
            key={open.id}
            rule={open}
            permissions={permissions}
            viewerId={me.data?.user.id}
            policyTitle={policyTitle}
            watchlistName={watchlistName}
            onToggle={() => actions.toggle(open)}
            onDelete={() => actions.askDelete(open)}
            onClose={() => setParam('rule', null)}
          />
        ) : null}
      </div>
      {actions.dialog}
    </div>
  );
}
