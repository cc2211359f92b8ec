import { z } from 'zod';

import { eventSources } from '../events';

/** How many unmapped accounts a reply lists; the totals count all of them. */
export const UNMAPPED_ACCOUNTS_LISTED = 50;

/** An account whose events joined no employee: who is missing from the directory or mapping. */
export const unmappedAccountSchema = z.object({
  source: z.enum(eventSources),
  /** The email or source account the events name (`CORP\\jdoe`, a GitHub login, an address). */
  account: z.string(),
  events: z.number().int().min(0),
  /** Epoch ms of its newest event. */
  lastSeen: z.number().int(),
});
export type UnmappedAccount = z.infer<typeof unmappedAccountSchema>;

/** GET /integrations/unmapped-accounts. */
export const unmappedAccountsReplySchema = z.object({
  /** Most events first, at most {@link UNMAPPED_ACCOUNTS_LISTED}. */
  accounts: z.array(unmappedAccountSchema),
  totalAccounts: z.number().int().min(0),
  totalEvents: z.number().int().min(0),
  /** True while unmapped events are being resolved again after a change. */
  resolving: z.boolean(),
});
export type UnmappedAccountsReply = z.infer<typeof unmappedAccountsReplySchema>;
