/** Query keys of watchlists, so creating one refreshes the list. */
export const watchlistKeys = {
  all: ['watchlists'] as const,
  list: () => ['watchlists', 'list'] as const,
};
