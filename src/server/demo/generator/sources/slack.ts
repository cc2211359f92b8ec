import { departmentProfile } from '../catalog/departments';
import { customerNames, productNames } from '../catalog/outside-world';
import { chatMessages, fillMessage } from '../catalog/messages';
import type { Company } from '../company';
import type { Employee, FileItem } from '../org-types';
import { Prng } from '../prng';
import { sampleTime, sessionAt } from '../rhythm';
import type { DayContext, Emitted, NativeRecord, SourceEmitter } from '../source-types';
import { colleagueFiles, usualColleagues } from '../colleagues';

/** A conversation as the audit log's `entity.channel` describes it. */
export interface SlackChannel {
  readonly id: string;
  readonly name: string;
  readonly privacy: 'public' | 'private' | 'im' | 'mpim';
  /** Slack Connect: shared with another organization. */
  readonly is_shared: boolean;
  readonly is_org_shared: boolean;
}

function stableId(prefix: string, label: string): string {
  return `${prefix}${new Prng(`slack|${label}`).upperAlnum(9)}`;
}

/** A named channel, with a stable id. */
export function slackChannel(name: string, shared = false): SlackChannel {
  return {
    id: stableId('C0', name),
    name,
    privacy: shared ? 'private' : 'public',
    is_shared: shared,
    is_org_shared: false,
  };
}

/** A direct-message conversation between two people. */
export function slackDirect(a: Employee, b: Employee): SlackChannel {
  const pair = [a.slackId, b.slackId].sort().join('|');
  return {
    id: stableId('D0', pair),
    name: stableId('D0', pair),
    privacy: 'im',
    is_shared: false,
    is_org_shared: false,
  };
}

/** The file object Slack reports for an uploaded copy of a document. */
export function slackFile(file: FileItem): NativeRecord {
  const name = file.extension ? file.name : `${file.name}.pdf`;
  return { id: stableId('F0', file.id), name, filetype: file.extension || 'pdf', title: name };
}

function slackUser(company: Company, e: Employee): NativeRecord {
  return { id: e.slackId, name: e.fullName, email: e.email, team: company.slackTeamId };
}

function userAgent(e: Employee, mobile: boolean): string {
  if (mobile) return 'com.tinyspeck.chatlyio/24.11.10 (iPhone; iOS 18.1; Scale/3.00)';
  const platform =
    e.devices[0]?.kind === 'mac'
      ? 'Macintosh; Intel Mac OS X 10_15_7'
      : 'Windows NT 10.0; Win64; x64';
  return `Mozilla/5.0 (${platform}) AppleWebKit/537.36 (KHTML, like Gecko) Slack/4.41.105 Chrome/130.0.6723.137 Electron/33.2.0 Safari/537.36 Sonic Slack_SSB/4.41.105`;
}

/** One Audit Logs API entry. `date_create` is in epoch seconds. */
export function slackEntry(
  company: Company,
  e: Employee,
  action: string,
  time: number,
  ip: string,
  entity: NativeRecord,
  prng: Prng,
  details?: NativeRecord,
): NativeRecord {
  const entry: NativeRecord = {
    id: prng.uuid(),
    date_create: Math.floor(time / 1000),
    action,
    actor: { type: 'user', user: slackUser(company, e) },
    entity,
    context: {
      location: {
        type: 'workspace',
        id: company.slackTeamId,
        name: company.name,
        domain: company.slug,
      },
      ua: userAgent(e, prng.chance(0.12)),
      ip_address: ip,
      session_id: prng.int(1_000_000_000, 9_999_999_999),
    },
  };
  if (details) entry.details = details;
  return entry;
}

/**
 * A chat message. Slack's audit log has no message events; `message_posted` with
 * `details.text` is Vigil's extension, fed from the Discovery API in a real deployment.
 */
export function slackMessage(
  company: Company,
  e: Employee,
  channel: SlackChannel,
  text: string,
  time: number,
  ip: string,
  prng: Prng,
  externalDomains: readonly string[] = [],
): NativeRecord {
  return slackEntry(
    company,
    e,
    'message_posted',
    time,
    ip,
    { type: 'channel', channel: { ...channel } },
    prng,
    {
      text,
      channel_id: channel.id,
      message_ts: `${Math.floor(time / 1000)}.${String(time % 1000).padStart(3, '0')}${prng.int(100, 999)}`,
      is_external: externalDomains.length > 0,
      ...(externalDomains.length > 0 ? { external_domains: [...externalDomains] } : {}),
    },
  );
}

/** A file shared into a conversation. */
export function slackFileShared(
  company: Company,
  e: Employee,
  file: FileItem,
  channel: SlackChannel,
  time: number,
  ip: string,
  prng: Prng,
): NativeRecord {
  return slackEntry(
    company,
    e,
    'file_shared',
    time,
    ip,
    { type: 'file', file: slackFile(file) },
    prng,
    { channel: { ...channel }, action_timestamp: time },
  );
}

function everydayChannel(e: Employee, prng: Prng, colleagues: readonly Employee[]): SlackChannel {
  const r = prng.next();
  if (r < 0.35 && colleagues.length > 0) return slackDirect(e, prng.pick(colleagues));
  if (r < 0.75) return slackChannel(e.department.toLowerCase());
  if (r < 0.9 && e.repos.length > 0)
    return slackChannel(`team-${(e.repos[0] ?? '').split('/')[1] ?? 'eng'}`);
  return slackChannel(prng.pick(['general', 'random', 'help-it', 'announcements']));
}

function everydayText(e: Employee, prng: Prng): string {
  const own = chatMessages[e.department] ?? [];
  const template =
    own.length > 0 && prng.chance(0.5) ? prng.pick(own) : prng.pick(chatMessages.common);
  return fillMessage(template, {
    customer: prng.pick(customerNames),
    product: prng.pick(productNames),
    repo: (e.repos.length > 0 ? prng.pick(e.repos) : 'northwind/web-frontend').split('/')[1] ?? '',
    quarter: prng.int(1, 4),
  });
}

function normalDay({ ctx, employee: e, plan, prng }: DayContext): Emitted[] {
  const { company } = ctx.org;
  const out: Emitted[] = [];
  const first = plan.sessions[0];
  if (first && prng.chance(0.5)) {
    const time = first.start + prng.int(30_000, 900_000);
    out.push({
      time,
      record: slackEntry(
        company,
        e,
        'user_login',
        time,
        first.ip,
        { type: 'user', user: slackUser(company, e) },
        prng,
      ),
    });
  }
  const colleagues = usualColleagues(ctx.org, e);
  const scale = ctx.rate * plan.intensity;
  const messages = prng.poisson(departmentProfile(e.department).volumes.chat * scale);
  for (let i = 0; i < messages; i++) {
    const time = sampleTime(plan, prng);
    const ip = sessionAt(plan, time)?.ip ?? e.homeIp;
    out.push({
      time,
      record: slackMessage(
        company,
        e,
        everydayChannel(e, prng, colleagues),
        everydayText(e, prng),
        time,
        ip,
        prng,
      ),
    });
  }
  const shares = e.files.length === 0 ? 0 : prng.poisson(0.5 * scale);
  for (let i = 0; i < shares; i++) {
    const time = sampleTime(plan, prng);
    const ip = sessionAt(plan, time)?.ip ?? e.homeIp;
    out.push({
      time,
      record: slackFileShared(
        company,
        e,
        prng.pick(e.files),
        everydayChannel(e, prng, colleagues),
        time,
        ip,
        prng,
      ),
    });
  }
  const downloads = prng.poisson(0.7 * scale);
  const pool = colleagueFiles(ctx.org, e);
  for (let i = 0; i < downloads && pool.length > 0; i++) {
    const time = sampleTime(plan, prng);
    const ip = sessionAt(plan, time)?.ip ?? e.homeIp;
    out.push({
      time,
      record: slackEntry(
        company,
        e,
        'file_downloaded',
        time,
        ip,
        { type: 'file', file: slackFile(prng.pick(pool)) },
        prng,
      ),
    });
  }
  return out;
}

/** Slack Enterprise Grid audit log, plus Vigil's `message_posted` extension for chat text. */
export const slackSource: SourceEmitter = {
  id: 'slack',
  file: 'slack.ndjson',
  format: 'ndjson',
  timeFormat: '`date_create`: epoch seconds (UTC)',
  countingRule: 'one entry = one event',
  employeeDay: normalDay,
  eventCount: () => 1,
  actionOf: (r) => String(r.action),
  serialize: (r) => JSON.stringify(r),
};
