/** Query keys of integrations, so every mutation refreshes the same things. */
export const integrationKeys = {
  all: ['integrations'] as const,
  list: () => ['integrations', 'list'] as const,
  sources: () => ['integrations', 'sources'] as const,
  detail: (id: string) => ['integrations', 'detail', id] as const,
  runs: (id: string) => ['integrations', 'runs', id] as const,
  collection: (id: string) => ['integrations', 'collection', id] as const,
  /** An integration's quarantine, or `command-line`'s: every page and filter under it. */
  quarantine: (id: string) => ['integrations', 'quarantine', id] as const,
  unmapped: () => ['integrations', 'unmapped-accounts'] as const,
};
