import { z } from 'zod';

import { epochMs } from '../common';
import { findingWindowSchema } from './common';

/** One repository the subject touched. */
export const repoRowSchema = z.object({
  repository: z.string(),
  clones: z.number().int(),
  downloads: z.number().int(),
  pushes: z.number().int(),
  fetches: z.number().int(),
  other: z.number().int(),
  distinctDays: z.number().int(),
  firstSeen: epochMs,
  lastSeen: epochMs,
  /** First touched after the subject's first two weeks of activity. */
  newToSubject: z.boolean(),
});
export type RepoRow = z.infer<typeof repoRowSchema>;

/** GET findings/code-repos. */
export const codeReposReplySchema = z.object({
  window: findingWindowSchema,
  summary: z.object({
    repositories: z.number().int(),
    newRepositories: z.number().int(),
    clones: z.number().int(),
    downloads: z.number().int(),
  }),
  repositories: z.array(repoRowSchema),
  daily: z.array(
    z.object({
      date: z.string(),
      clones: z.number().int(),
      downloads: z.number().int(),
      pushes: z.number().int(),
      fetches: z.number().int(),
      repositoriesCloned: z.number().int(),
    }),
  ),
  /** Days on which the subject cloned or downloaded many repositories at once. */
  bulkClones: z.array(
    z.object({
      date: z.string(),
      repositories: z.number().int(),
      newRepositories: z.number().int(),
    }),
  ),
});
export type CodeReposReply = z.infer<typeof codeReposReplySchema>;
