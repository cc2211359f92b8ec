import { Link } from 'react-router-dom';

import { buildPath } from '../../../shared/routes';

const TABS = [
  { routeId: 'notificationChannels', label: 'Channels' },
  { routeId: 'notificationRules', label: 'Rules' },
  { routeId: 'notificationDeliveries', label: 'Delivery log' },
] as const;

/** Links between the three notification screens. */
export function NotificationsTabs(props: { current: (typeof TABS)[number]['routeId'] }) {
  return (
    <nav className="notifications-tabs" aria-label="Notifications">
      {TABS.map((tab) => (
        <Link
          key={tab.routeId}
          to={buildPath(tab.routeId, {})}
          aria-current={tab.routeId === props.current ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
