/** Query keys of integrations, so every mutation refreshes the same things. */
export const integrationKeys = {
  all: ['integrations'] as const,
  list: () => ['integrations', 'list'] as const,
  sources: () => ['integrations', 'sources'] as const,
  detail: (id: string) => ['integrations', 'detail', id] as const,
  runs: (id: string) => ['integrations', 'runs', id] as const,
  collection: (id: string) => ['integrations', 'collection', id] as const,
  unmapped: () => ['integrations', 'unmapped-accounts'] as const,
};
