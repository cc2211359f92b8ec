import { randomUUID } from 'node:crypto';

import type { z } from 'zod';

import {
  channelCreateSchema,
  channelSecretFields,
  type Channel,
  type ChannelCreate,
  type ChannelKind,
} from '../../shared/schemas/notifications';
import { readJson, toJson } from '../db/dialect';
import type { ChannelRow } from '../db/queries/notification-channels';
import { invalid } from '../domain-error';
import { checkTargetUrl } from '../ingest/collectors/outbound-url';
import type { SecretBox } from '../ingest/collectors/secret-box';

type Settings = Record<string, unknown>;

/** The URL settings of each kind, checked under the outbound rule. */
const URL_FIELDS: Record<ChannelKind, readonly string[]> = {
  webhook: ['url'],
  email: [],
  slack: ['url'],
  teams: ['url'],
  syslog: [],
};

/** Refuses a URL that is not https or points inside (unless VIGIL_ALLOW_HTTP_CONNECTORS). */
function checkUrls(kind: ChannelKind, settings: Settings, allowInsecure: boolean): void {
  for (const field of URL_FIELDS[kind]) {
    const checked = checkTargetUrl(
      typeof settings[field] === 'string' ? settings[field] : '',
      allowInsecure,
    );
    if ('problem' in checked) {
      throw invalid(`The URL ${checked.problem}`, `settings.${field}`);
    }
  }
}

/** Settings and secrets apart: secrets sealed, each hinted by its last four characters. */
function split(
  kind: ChannelKind,
  settings: Settings,
  box: SecretBox,
): Pick<ChannelRow, 'settings' | 'secrets' | 'secret_hints'> {
  const secretNames = channelSecretFields[kind];
  const open: Settings = {};
  const secrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) continue;
    if (secretNames.includes(name)) {
      if (typeof value === 'string' && value !== '') secrets[name] = value;
    } else open[name] = value;
  }
  const hints = Object.fromEntries(Object.entries(secrets).map(([n, v]) => [n, v.slice(-4)]));
  return {
    settings: toJson(open),
    secrets: Object.keys(secrets).length > 0 ? box.seal(secrets) : null,
    secret_hints: toJson(hints),
  };
}

/** A channel's settings with its secrets opened: what its sender needs. */
export function openSettings(row: ChannelRow, box: SecretBox): Settings {
  return {
    ...readJson<Settings>(row.settings),
    ...(row.secrets ? box.open<Record<string, string>>(row.secrets) : {}),
  };
}

/** A new channel's row, its settings checked. */
export function newChannelRow(
  body: ChannelCreate,
  box: SecretBox,
  allowInsecure: boolean,
  now: number,
): ChannelRow {
  checkUrls(body.kind, body.settings, allowInsecure);
  return {
    id: randomUUID(),
    kind: body.kind,
    name: body.name,
    enabled: 1,
    ...split(body.kind, body.settings, box),
    created_at: now,
    updated_at: now,
  };
}

/**
 * A channel's settings changed: the new ones over the stored ones (a secret left out stays),
 * checked whole as a new channel's would be. Returns the columns to write and the names of
 * the secrets that changed (for the audit log; never their values).
 */
export function changedSettings(
  row: ChannelRow,
  patch: Settings,
  box: SecretBox,
  allowInsecure: boolean,
): {
  columns: Pick<ChannelRow, 'settings' | 'secrets' | 'secret_hints'>;
  changedSecrets: string[];
} {
  const kind = row.kind as ChannelKind;
  const merged = { ...openSettings(row, box), ...patch };
  const parsed = channelCreateSchema.safeParse({ kind, name: row.name, settings: merged });
  if (!parsed.success) throw fromZod(parsed.error);
  checkUrls(kind, parsed.data.settings, allowInsecure);
  const changedSecrets = channelSecretFields[kind].filter(
    (name) => patch[name] !== undefined && patch[name] !== '',
  );
  return { columns: split(kind, parsed.data.settings, box), changedSecrets };
}

/** A schema failure of merged settings, as the first issue's sentence with its field. */
function fromZod(error: z.ZodError) {
  const issue = error.issues[0]!;
  return invalid(issue.message, issue.path.map(String).join('.'));
}

/** A channel as replies show it: secrets only as "set" with their last four characters. */
export function presentChannel(row: ChannelRow): Channel {
  const hints = readJson<Record<string, string>>(row.secret_hints);
  return {
    id: row.id,
    kind: row.kind as ChannelKind,
    name: row.name,
    enabled: row.enabled === 1,
    settings: readJson<Settings>(row.settings),
    secrets: Object.fromEntries(
      Object.entries(hints).map(([name, last4]) => [name, { set: true as const, last4 }]),
    ),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
