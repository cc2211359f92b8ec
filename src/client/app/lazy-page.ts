import type { ComponentType } from 'react';

/** Turns `() => import('./x')` of a module with a default component into a router `lazy`. */
export function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}
