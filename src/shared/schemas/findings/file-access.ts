import { z } from 'zod';

import { epochMs } from '../common';
import { timelineLinkSchema } from '../subject-timeline';
import { eventRowSchema, findingWindowSchema } from './common';

/** The label the brief gives files without one. */
export const UNLABELED = 'Unlabeled';
/** The brief's name of the unfiltered choice. */
export const ALL_FILES = 'All Files';

/**
 * Where a file leaving is worth a look on its own: removable media, personal mail and cloud,
 * public links, shares outside the company. Mail to business addresses outside the company
 * leaves too, but it is everyday work for sales and support.
 */
export const RISKY_DESTINATIONS: readonly string[] = [
  'usb',
  'personal_email',
  'cloud',
  'public_link',
  'external_share',
];

/** GET findings/file-access: totals by sensitivity label and action (mails and chat shares that carried a file out included). */
export const fileAccessReplySchema = z.object({
  window: findingWindowSchema,
  totals: z.object({
    events: z.number().int(),
    bytes: z.number().int(),
    sensitive: z.number().int(),
    /** Movements out of company storage: every one the sankey draws as leaving. */
    leaving: z.number().int(),
    /** Of `leaving`, those an investigator looks at first (see RISKY_DESTINATIONS). */
    leavingRisky: z.number().int(),
  }),
  /** Labels to choose from: the configured ones, then any others seen, then Unlabeled. */
  labels: z.array(z.string()),
  sensitiveLabels: z.array(z.string()),
  byLabel: z.array(
    z.object({
      label: z.string(),
      events: z.number().int(),
      bytes: z.number().int(),
      leaving: z.number().int(),
      leavingRisky: z.number().int(),
    }),
  ),
  byAction: z.array(z.object({ action: z.string(), events: z.number().int() })),
  matrix: z.array(z.object({ label: z.string(), action: z.string(), events: z.number().int() })),
  daily: z.array(
    z.object({
      date: z.string(),
      events: z.number().int(),
      sensitive: z.number().int(),
      leaving: z.number().int(),
    }),
  ),
});
export type FileAccessReply = z.infer<typeof fileAccessReplySchema>;

/** GET findings/file-access/sankey: label → action → destination. */
export const fileSankeyReplySchema = z.object({
  window: findingWindowSchema,
  nodes: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      column: z.enum(['label', 'action', 'destination']),
    }),
  ),
  links: z.array(
    z.object({
      source: z.number().int(),
      target: z.number().int(),
      value: z.number().int(),
      sensitive: z.boolean(),
      leaving: z.boolean(),
      /** The subject timeline's filters for the `value` events this flow carries. */
      events: timelineLinkSchema,
    }),
  ),
});
export type FileSankeyReply = z.infer<typeof fileSankeyReplySchema>;

/** `?window&label`: a label name, 'Unlabeled', or 'All Files' (the default). */
export const filesQuerySchema = z.strictObject({
  window: z.string().optional(),
  label: z
    .string()
    .trim()
    .min(1, 'label must not be empty')
    .max(100, 'label is longer than 100 characters')
    .optional(),
});

/** One file the subject handled. */
export const fileRowSchema = z.object({
  id: z.string().min(1),
  name: z.string().nullable(),
  path: z.string().nullable(),
  label: z.string(),
  events: z.number().int(),
  downloads: z.number().int(),
  shares: z.number().int(),
  leaving: z.number().int(),
  destinations: z.array(z.string()),
  firstSeen: epochMs,
  lastSeen: epochMs,
});
export type FileRow = z.infer<typeof fileRowSchema>;

/** GET findings/file-access/files. */
export const filesReplySchema = z.object({
  window: findingWindowSchema,
  label: z.string(),
  total: z.number().int(),
  files: z.array(fileRowSchema),
});
export type FilesReply = z.infer<typeof filesReplySchema>;

/** The brief lets a /files reply be an array or an object holding a files array. */
export const filesReplyLooseSchema = z.union([
  z
    .array(fileRowSchema)
    .transform((files) => ({ files, total: files.length, label: ALL_FILES, window: null })),
  filesReplySchema.extend({ window: findingWindowSchema.nullable() }),
]);

/** GET findings/file-access/files/{fileId}/events. */
export const fileEventsReplySchema = z.object({
  window: findingWindowSchema,
  fileId: z.string(),
  events: z.array(eventRowSchema),
});
export type FileEventsReply = z.infer<typeof fileEventsReplySchema>;
