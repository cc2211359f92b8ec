import { useAtomValue } from 'jotai';
import type { MouseEvent, ReactNode } from 'react';

import type { Permission } from '../../../shared/permissions';
import { usePermissions } from '../../api/auth/me';
import { workspaceAtom } from '../../workspace/workspace-atoms';
import { workspace } from '../../workspace/workspace-controller';
import { focusedTab } from '../../workspace/workspace-model';
import { UserMenu } from './user-menu';

interface Item {
  label: string;
  to: string;
  /** What the user's roles must allow (all of it) for the item to show. */
  permission?: Permission | readonly Permission[];
  /** Active for deeper paths too (an investigation is part of Investigations). */
  prefix?: boolean;
}

const SECTIONS: Array<{ title: string; items: Item[] }> = [
  {
    title: 'Investigate',
    items: [
      { label: 'Dashboard', to: '/app/' },
      {
        label: 'Alerts',
        to: '/app/alerts',
        prefix: true,
        permission: ['investigations.read_all', 'evidence.read'],
      },
      {
        label: 'Hunt',
        to: '/app/hunt',
        permission: ['investigations.read_all', 'evidence.read'],
      },
      {
        label: 'Investigations',
        to: '/app/investigations/',
        prefix: true,
        permission: 'investigations.read',
      },
      { label: 'Employees', to: '/app/employees/', permission: 'employees.read' },
      { label: 'Templates', to: '/app/templates', permission: 'investigations.write' },
    ],
  },
  {
    title: 'Sources',
    items: [
      {
        label: 'Integrations',
        to: '/app/integrations/',
        prefix: true,
        permission: 'integrations.manage',
      },
      { label: 'Configuration', to: '/app/configuration/', permission: 'configuration.manage' },
      { label: 'Log generator', to: '/dev/log-generator', permission: 'dev.tools' },
    ],
  },
  {
    title: 'Admin',
    items: [
      { label: 'Users', to: '/app/admin/manage-users', permission: 'users.manage' },
      { label: 'Global roles', to: '/app/admin/manage-global-roles', permission: 'roles.manage' },
      { label: 'API tokens', to: '/app/admin/api-tokens', permission: 'users.manage' },
      {
        label: 'Detection rules',
        to: '/app/admin/detection-rules',
        permission: ['investigations.read_all', 'evidence.read'],
      },
      {
        label: 'Watchlists',
        to: '/app/admin/watchlists',
        permission: ['investigations.read_all', 'evidence.read'],
      },
      { label: 'Audit log', to: '/app/admin/audit', permission: 'audit.read' },
      { label: 'Reveal requests', to: '/app/privacy/reveals', permission: 'privacy.approve' },
      { label: 'Privacy', to: '/app/admin/privacy', permission: 'configuration.manage' },
      {
        label: 'Notifications',
        to: '/app/admin/notifications/channels',
        permission: 'notifications.manage',
      },
    ],
  },
];

function allowed(item: Item, granted: ReadonlySet<Permission>): boolean {
  if (item.permission === undefined) return true;
  const needed = typeof item.permission === 'string' ? [item.permission] : item.permission;
  return needed.every((permission) => granted.has(permission));
}

function isActive(item: Item, location: string): boolean {
  const path = location.split(/[?#]/)[0]!.replace(/\/$/, '');
  const target = item.to.replace(/\/$/, '');
  return path === target || (item.prefix === true && path.startsWith(`${target}/`));
}

/** Links that navigate the focused pane; ctrl/cmd-click opens a new tab. */
export function WorkspaceLink(props: {
  to: string;
  className?: string;
  current?: boolean;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    workspace.navigate(props.to, { newTab: event.metaKey || event.ctrlKey });
  };
  return (
    <a
      href={props.to}
      className={props.className}
      aria-current={props.current ? 'page' : undefined}
      onClick={onClick}
    >
      {props.children}
    </a>
  );
}

/** The sections this user may use, with the current one highlighted. */
export function Sidebar() {
  const location = focusedTab(useAtomValue(workspaceAtom)).location;
  const granted = usePermissions();
  return (
    <aside className="sidebar" aria-label="Sections">
      <div className="sidebar-brand">
        <img src="/favicon.svg" alt="" />
        Vigil
      </div>
      <nav>
        {SECTIONS.map((section) => {
          const items = section.items.filter((item) => allowed(item, granted));
          if (items.length === 0) return null;
          return (
            <div key={section.title}>
              <div className="sidebar-section">{section.title}</div>
              {items.map((item) => (
                <WorkspaceLink
                  key={item.to}
                  to={item.to}
                  className="sidebar-link"
                  current={isActive(item, location)}
                >
                  {item.label}
                </WorkspaceLink>
              ))}
            </div>
          );
        })}
      </nav>
      <div className="sidebar-footer">
        <UserMenu />
      </div>
    </aside>
  );
}
