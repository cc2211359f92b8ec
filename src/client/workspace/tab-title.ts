import { useQuery } from '@tanstack/react-query';

import { matchPath, routes } from '../../shared/routes';
import { investigationQuery } from '../api/investigations/get-investigation';

/** A tab's title: the screen's title, prefixed by the case title when it shows an investigation. */
export function useTabTitle(location: string): string {
  const match = matchPath(location);
  const id = match?.params.id;
  const investigation = useQuery({
    ...investigationQuery(id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
  if (!match) return 'Not Found';
  const screen = routes[match.routeId].title;
  if (!id) return screen;
  const name = investigation.data?.title ?? 'Investigation';
  return match.routeId === 'investigation'
    ? name
    : `${name} · ${screen.replace(/^Evidence: /, '')}`;
}
