import { Link } from 'react-router-dom';

import type { Permission } from '../../../shared/permissions';
import { buildPath } from '../../../shared/routes';
import { mayOpenRoute } from '../../commands/navigation/route-access';

/** The screens a role that reads no case works on, each with what is done there. */
const WORK = [
  { route: 'privacyReveals', what: 'Approve or deny requests to reveal who a person is.' },
  { route: 'audit', what: 'Who did what, and who looked at whom.' },
  { route: 'privacySettings', what: 'Pseudonyms, reveal approval and retention.' },
  { route: 'manageUsers', what: 'Create, disable and change users.' },
  { route: 'manageRoles', what: 'What each role may do.' },
] as const;

const TITLES: Record<(typeof WORK)[number]['route'], string> = {
  privacyReveals: 'Reveal requests',
  audit: 'Audit log',
  privacySettings: 'Privacy',
  manageUsers: 'Users',
  manageRoles: 'Global roles',
};

/**
 * The dashboard of a role that may not read cases (a privacy officer): its figures are made of
 * cases, so it shows instead the screens of that role's work, and asks the server for nothing.
 */
export function RoleWorkCard(props: { permissions: ReadonlySet<Permission> }) {
  const open = WORK.filter((item) => mayOpenRoute(item.route, props.permissions));
  return (
    <section className="card" aria-labelledby="dashboard-your-work">
      <header>
        <h2 id="dashboard-your-work">Your work</h2>
      </header>
      <div className="card-body">
        <p className="muted">
          Your role reads no investigation, so the case figures are not shown here.
        </p>
        {open.length > 0 ? (
          <ul>
            {open.map((item) => (
              <li key={item.route}>
                <Link to={buildPath(item.route, {})}>{TITLES[item.route]}</Link>
                <span className="muted"> · {item.what}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
