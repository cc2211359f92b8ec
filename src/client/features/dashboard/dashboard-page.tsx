import { useQuery } from '@tanstack/react-query';

import { riskLabels, typeLabels } from '../../../shared/investigation-model';
import { useMe, usePermissions } from '../../api/auth/me';
import { dashboardQueries } from '../../api/analytics/dashboard-figures';
import { useInvestigations } from '../../api/investigations/list-investigations';
import { Chart } from '../../components/chart/chart';
import { topLegend } from '../../components/chart/chart-theme';
import { useThemeName } from '../../components/chart/use-theme-name';
import { PageHeader } from '../../components/page-header';
import { mayOpenRoute } from '../../commands/navigation/route-access';
import { Loading } from '../../components/loading';
import { AlertsCard } from './alerts-card';
import { FailingCollectorsNotice } from './failing-collectors-notice';
import { InvestigationShortList } from './investigation-short-list';
import { RiskiestPeopleCard } from './riskiest-people-card';
import { RoleWorkCard } from './role-work-card';
import { StatCard } from './stat-card';

const RISK_VARIABLES = ['--risk-low', '--risk-medium', '--risk-high', '--risk-critical'];

/**
 * The seven figures of the brief, open alerts, my assigned cases and the latest ones, for those
 * who may read cases. A role that may not (a privacy officer) sees the screens of its work
 * instead, and nothing here asks the server for what it may not read.
 */
export default function DashboardPage() {
  const me = useMe();
  const permissions = usePermissions();
  return (
    <div className="page">
      <PageHeader
        title="Dashboard"
        subtitle={me.data ? `Signed in as ${me.data.user.displayName}` : undefined}
      />
      <FailingCollectorsNotice />
      {me.isPending ? (
        <Loading />
      ) : permissions.has('investigations.read') ? (
        <CaseFigures seesAlerts={mayOpenRoute('alerts', permissions)} />
      ) : (
        <RoleWorkCard permissions={permissions} />
      )}
    </div>
  );
}

/** The figures, charts and lists made of cases (asked for only by roles that read cases). */
function CaseFigures(props: { seesAlerts: boolean }) {
  const { seesAlerts } = props;
  const count = useQuery(dashboardQueries.count());
  const active = useQuery(dashboardQueries.activeCount());
  const highRisk = useQuery(dashboardQueries.highRiskCount());
  const today = useQuery(dashboardQueries.todayCount());
  const risk = useQuery(dashboardQueries.riskDistribution());
  const types = useQuery(dashboardQueries.typeDistribution());
  const trend = useQuery(dashboardQueries.trend(30));
  const mine = useInvestigations({
    assignee: 'me',
    status: undefined,
    limit: 8,
    sort: '-updatedAt',
  });
  const latest = useInvestigations({ limit: 8, sort: '-createdAt' });
  // Read while rendering, and rendered again when the theme switches: the risk bars keep the
  // colours of the risk badges in either theme.
  useThemeName();
  const css = getComputedStyle(document.documentElement);

  return (
    <>
      <div className="grid-4">
        <StatCard label="Investigations" query={count} />
        <StatCard label="Active" query={active} />
        <StatCard label="High risk (active)" query={highRisk} tone="danger" />
        <StatCard label="Opened today" query={today} />
      </div>
      {seesAlerts ? <AlertsCard /> : null}
      {seesAlerts ? <RiskiestPeopleCard /> : null}
      <div className="grid-2">
        <section className="card">
          <header>
            <h2>Risk distribution</h2>
          </header>
          <div className="card-body">
            {risk.data ? (
              <Chart
                ariaLabel={`Risk distribution: ${risk.data.buckets.map((b) => `${riskLabels[b.level]} ${b.count}`).join(', ')}`}
                height={220}
                data={[
                  {
                    type: 'bar',
                    x: risk.data.buckets.map((b) => riskLabels[b.level]),
                    y: risk.data.buckets.map((b) => b.count),
                    marker: {
                      color: RISK_VARIABLES.map(
                        (name) => css.getPropertyValue(name).trim() || '#888',
                      ),
                    },
                    hovertemplate: '%{x}: %{y}<extra></extra>',
                  },
                ]}
                layout={{ yaxis: { dtick: 1, rangemode: 'tozero' } }}
              />
            ) : null}
          </div>
        </section>
        <section className="card">
          <header>
            <h2>Type distribution</h2>
          </header>
          <div className="card-body">
            {types.data ? (
              <Chart
                ariaLabel={`Type distribution: ${types.data.buckets.map((b) => `${typeLabels[b.type]} ${b.count}`).join(', ')}`}
                height={220}
                data={[
                  {
                    type: 'bar',
                    orientation: 'h',
                    y: types.data.buckets.map((b) => typeLabels[b.type]),
                    x: types.data.buckets.map((b) => b.count),
                    hovertemplate: '%{y}: %{x}<extra></extra>',
                  },
                ]}
                layout={{ margin: { l: 140 }, xaxis: { dtick: 1, rangemode: 'tozero' } }}
              />
            ) : null}
          </div>
        </section>
      </div>
      <section className="card">
        <header>
          <h2>Trend: last 30 days</h2>
        </header>
        <div className="card-body">
          {trend.data ? (
            <Chart
              ariaLabel={`Investigations opened per day over the last 30 days: ${trend.data.points.reduce((n, p) => n + p.opened, 0)} in all`}
              height={220}
              data={[
                {
                  type: 'scatter',
                  mode: 'lines+markers',
                  name: 'Opened',
                  x: trend.data.points.map((p) => p.date),
                  y: trend.data.points.map((p) => p.opened),
                },
                {
                  type: 'scatter',
                  mode: 'lines+markers',
                  name: 'Closed',
                  x: trend.data.points.map((p) => p.date),
                  y: trend.data.points.map((p) => p.closed),
                },
              ]}
              layout={{
                yaxis: { rangemode: 'tozero' },
                ...topLegend,
              }}
            />
          ) : null}
        </div>
      </section>
      <div className="grid-2">
        <InvestigationShortList
          title="Assigned to me"
          query={mine}
          empty="Nothing is assigned to you."
        />
        <InvestigationShortList
          title="Latest investigations"
          query={latest}
          empty="No investigation has been opened yet."
        />
      </div>
    </>
  );
}
