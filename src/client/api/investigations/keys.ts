/** Query keys of investigations, so every mutation invalidates the same things. */
export const investigationKeys = {
  all: ['investigations'] as const,
  list: (filters: Record<string, unknown>) => ['investigations', 'list', filters] as const,
  detail: (id: string) => ['investigations', 'detail', id] as const,
  analytics: (name: string, params?: Record<string, unknown>) =>
    ['investigations', 'analytics', name, params ?? {}] as const,
};
