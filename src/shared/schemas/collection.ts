import { z } from 'zod';

import type { EventSource } from '../events';
import { epochMs } from './common';

/*
 * Collection: Vigil polls a vendor's audit API by itself (issue 27). The settings each kind
 * takes are data here, so the server validates them and the settings screen draws its form
 * from the same list.
 */

/** One setting of a collector: a URL, a name, or a secret (write-only). */
export interface CollectorField {
  name: string;
  label: string;
  kind: 'url' | 'text' | 'secret';
  required: boolean;
  /** Filled in when left out (the vendor's public API host). */
  defaultValue?: string;
  /** A hint for the form: what to paste there. */
  placeholder?: string;
}

/** What a vendor's collector takes, and how far back its API keeps events. */
export interface CollectorSpec {
  label: string;
  fields: readonly CollectorField[];
  /** The first run reads at most this many days back (what the API keeps). */
  maxBackfillDays: number;
  /** Exactly one of these settings must be given (GitHub: org or enterprise). */
  oneOf?: readonly string[];
  /**
   * Exactly one of these groups of settings, each given whole (Okta: an API token, or an OAuth
   * service app's client ID with its private key). A change that gives one group drops the
   * stored settings of the others.
   */
  alternatives?: readonly (readonly string[])[];
}

/** Microsoft 365 content types of the Management Activity API, all collected unless narrowed. */
export const m365ContentTypes = [
  'Audit.AzureActiveDirectory',
  'Audit.Exchange',
  'Audit.SharePoint',
  'Audit.General',
  'DLP.All',
] as const;

/**
 * Google Workspace Reports API applications collected unless narrowed: those that tell about
 * sign-ins, files, admin changes, app grants, SSO, groups, accounts and communication.
 */
export const googleDefaultApplications = [
  'login',
  'drive',
  'admin',
  'token',
  'saml',
  'groups',
  'user_accounts',
  'chat',
  'meet',
  'gmail',
  'rules',
] as const;

/** The kinds Vigil collects from by itself, with their settings. */
export const collectorSpecs: Partial<Record<EventSource, CollectorSpec>> = {
  okta: {
    label: 'Okta',
    maxBackfillDays: 90,
    fields: [
      {
        name: 'url',
        label: 'Okta domain URL',
        kind: 'url',
        required: true,
        placeholder: 'https://example.okta.com',
      },
      { name: 'token', label: 'API token (SSWS)', kind: 'secret', required: false },
      {
        name: 'clientId',
        label: 'Or OAuth service app client ID (okta.logs.read)',
        kind: 'text',
        required: false,
      },
      {
        name: 'privateKey',
        label: 'OAuth private key (PEM or JWK)',
        kind: 'secret',
        required: false,
      },
    ],
    alternatives: [['token'], ['clientId', 'privateKey']],
  },
  github: {
    label: 'GitHub',
    maxBackfillDays: 90,
    oneOf: ['org', 'enterprise'],
    fields: [
      { name: 'org', label: 'Organization', kind: 'text', required: false, placeholder: 'acme' },
      { name: 'enterprise', label: 'Enterprise', kind: 'text', required: false },
      {
        name: 'token',
        label: 'Token (read:audit_log)',
        kind: 'secret',
        required: true,
      },
      {
        name: 'apiUrl',
        label: 'API URL',
        kind: 'url',
        required: false,
        defaultValue: 'https://api.github.com',
      },
    ],
  },
  m365: {
    label: 'Microsoft 365',
    // The Management Activity API lists content published in the last 7 days only.
    maxBackfillDays: 7,
    fields: [
      {
        name: 'tenantId',
        label: 'Tenant ID (directory ID, a GUID)',
        kind: 'text',
        required: true,
        placeholder: '41463f53-8812-40f4-890f-865bf6e35190',
      },
      { name: 'clientId', label: 'Application (client) ID', kind: 'text', required: true },
      { name: 'clientSecret', label: 'Client secret', kind: 'secret', required: true },
      {
        name: 'loginUrl',
        label: 'Sign-in URL (Entra ID)',
        kind: 'url',
        required: false,
        defaultValue: 'https://login.microsoftonline.com',
        placeholder: 'https://login.microsoftonline.us for GCC High and DoD',
      },
      {
        name: 'apiUrl',
        label: 'API URL',
        kind: 'url',
        required: false,
        defaultValue: 'https://manage.office.com',
        placeholder:
          'https://manage-gcc.office.com (GCC), https://manage.office365.us (GCC High), https://manage.protection.apps.mil (DoD)',
      },
      {
        name: 'contentTypes',
        label: 'Content types (comma-separated)',
        kind: 'text',
        required: false,
        defaultValue: m365ContentTypes.join(','),
      },
    ],
  },
  google_workspace: {
    label: 'Google Workspace',
    // The Reports API keeps activities for 180 days.
    maxBackfillDays: 180,
    fields: [
      {
        name: 'serviceAccountKey',
        label: 'Service account key (JSON)',
        kind: 'secret',
        required: true,
      },
      {
        name: 'adminEmail',
        label: 'Admin to act as (domain-wide delegation)',
        kind: 'text',
        required: true,
        placeholder: 'admin@example.com',
      },
      {
        name: 'applications',
        label: 'Applications (comma-separated)',
        kind: 'text',
        required: false,
        defaultValue: googleDefaultApplications.join(','),
      },
      {
        name: 'apiUrl',
        label: 'API URL',
        kind: 'url',
        required: false,
        defaultValue: 'https://admin.googleapis.com',
      },
    ],
  },
  slack: {
    label: 'Slack',
    maxBackfillDays: 365,
    fields: [
      {
        name: 'token',
        label: 'User token (xoxp-, auditlogs:read)',
        kind: 'secret',
        required: true,
      },
      {
        name: 'apiUrl',
        label: 'API URL',
        kind: 'url',
        required: false,
        defaultValue: 'https://api.slack.com',
      },
    ],
  },
  box: {
    label: 'Box',
    maxBackfillDays: 365,
    fields: [
      { name: 'clientId', label: 'Client ID', kind: 'text', required: true },
      { name: 'clientSecret', label: 'Client secret', kind: 'secret', required: true },
      { name: 'enterpriseId', label: 'Enterprise ID', kind: 'text', required: true },
      {
        name: 'apiUrl',
        label: 'API URL',
        kind: 'url',
        required: false,
        defaultValue: 'https://api.box.com',
      },
    ],
  },
  dropbox: {
    label: 'Dropbox',
    maxBackfillDays: 365,
    fields: [
      { name: 'appKey', label: 'App key', kind: 'text', required: true },
      { name: 'appSecret', label: 'App secret', kind: 'secret', required: true },
      {
        name: 'refreshToken',
        label: 'Refresh token (events.read)',
        kind: 'secret',
        required: true,
      },
      {
        name: 'apiUrl',
        label: 'API URL',
        kind: 'url',
        required: false,
        defaultValue: 'https://api.dropboxapi.com',
      },
    ],
  },
};

/** The states a collector shows. */
export const collectionStates = ['idle', 'polling', 'backing_off', 'failing', 'paused'] as const;
export type CollectionState = (typeof collectionStates)[number];

/** Interval between polls: 5 s to 24 h, 60 s by default. */
export const MIN_INTERVAL_SECONDS = 5;
export const MAX_INTERVAL_SECONDS = 86_400;

/** PUT /integrations/{id}/collection. A secret left out keeps the stored one. */
export const collectionBodySchema = z.strictObject({
  enabled: z.boolean().default(true),
  intervalSeconds: z
    .number()
    .int('is not a whole number of seconds.')
    .min(MIN_INTERVAL_SECONDS, `must be at least ${MIN_INTERVAL_SECONDS} seconds.`)
    .max(MAX_INTERVAL_SECONDS, `must be at most ${MAX_INTERVAL_SECONDS} seconds (24 hours).`)
    .default(60),
  backfillDays: z
    .number()
    .int('is not a whole number of days.')
    .min(0, 'must be 0 or more days.')
    .max(365, 'must be at most 365 days.')
    .default(7),
  settings: z
    .record(
      z.string(),
      // Lists (content types, applications) may come as arrays, a key file as its JSON object.
      z.union([z.string(), z.array(z.string()), z.record(z.string(), z.unknown())], {
        error: 'must be text.',
      }),
    )
    .default({}),
});
export type CollectionBody = z.input<typeof collectionBodySchema>;

/** A secret as the API shows it: whether it is set, and its last four characters. */
export const secretStateSchema = z.object({ set: z.boolean(), hint: z.string().nullable() });
export type SecretState = z.infer<typeof secretStateSchema>;

/** How a collector is doing. */
export const collectionStatusSchema = z.object({
  state: z.enum(collectionStates),
  lastPollAt: epochMs.nullable(),
  lastSuccessAt: epochMs.nullable(),
  /** A sentence: "Okta answered 401: the API token is not valid or has expired". */
  lastError: z.string().nullable(),
  /** Now minus the newest event's time, in seconds; null before the first event. */
  lagSeconds: z.number().int().nullable(),
  nextPollAt: epochMs.nullable(),
  /** Events stored by this collector since midnight UTC. */
  eventsToday: z.number().int(),
  /** Since when it has been failing; null when it is not. */
  failingSince: epochMs.nullable(),
});
export type CollectionStatus = z.infer<typeof collectionStatusSchema>;

/**
 * What an integration reply (the list, one integration) carries of its collector: enough for
 * the list, the dashboard and the palette to say that it is failing, since when, and why.
 */
export const collectionSummarySchema = collectionStatusSchema.pick({
  state: true,
  lastError: true,
  failingSince: true,
});
export type CollectionSummary = z.infer<typeof collectionSummarySchema>;

/** GET /integrations/{id}/collection. */
export const collectionReplySchema = z.object({
  /** Whether collection was ever configured for this integration. */
  configured: z.boolean(),
  /** Whether Vigil can collect from this kind by itself at all. */
  supported: z.boolean(),
  enabled: z.boolean(),
  intervalSeconds: z.number().int(),
  backfillDays: z.number().int(),
  settings: z.record(z.string(), z.union([z.string(), secretStateSchema])),
  status: collectionStatusSchema,
});
export type CollectionReply = z.infer<typeof collectionReplySchema>;

/** POST /integrations/{id}/collection/test. */
export const collectionTestReplySchema = z.object({ ok: z.boolean(), message: z.string() });
export type CollectionTestReply = z.infer<typeof collectionTestReplySchema>;

/** POST /integrations/{id}/collection/run (202). */
export const collectionRunReplySchema = z.object({ message: z.string() });
