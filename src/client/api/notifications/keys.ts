/** Query keys of notifications: a change refreshes what shows it. */
export const notificationKeys = {
  all: ['notifications'] as const,
  channels: () => ['notifications', 'channels'] as const,
  rules: () => ['notifications', 'rules'] as const,
  deliveries: (filter: { channel?: string; status?: string }) =>
    ['notifications', 'deliveries', filter] as const,
  mine: () => ['notifications', 'mine'] as const,
};
