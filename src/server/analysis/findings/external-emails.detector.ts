import type { ExternalEmailsReply } from '../../../shared/schemas/findings/external-emails';
import { readJson } from '../../db/dialect';
import { dailyGroups } from '../../db/queries/findings/daily-groups';
import { externalMails, externalMailSummary } from '../../db/queries/findings/messages';
import { defineDetector, severityAt } from './define-detector';
import { dayKey } from './day-keys';
import { domainKind } from './domains';
import type { FindingContext } from './finding-context';
import { externalEmailsParts } from './external-emails.report';

const LISTED = 200;

function strings(value: unknown): string[] {
  const parsed = value === null || value === undefined ? [] : readJson<unknown>(value);
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
}

/** GET findings/external-emails: mail that left the company, where to, with what. */
async function detectExternalEmails(ctx: FindingContext): Promise<ExternalEmailsReply> {
  const [perDay, { totals, domains: byDomain }, messages] = await Promise.all([
    dailyGroups(ctx.db, ctx.build, ctx.window, ['day', 'destination'], {
      activities: ['email_send'],
    }),
    externalMailSummary(ctx.db, ctx.dialect, ctx.subject.id, ctx.window),
    externalMails(ctx.db, ctx.subject.id, ctx.window, LISTED),
  ]);
  const kindOf = (domains: readonly string[]): 'competitor' | 'personal' | 'external' => {
    const kinds = domains.map((d) => domainKind(d, ctx.config));
    return kinds.includes('competitor')
      ? 'competitor'
      : kinds.includes('personal')
        ? 'personal'
        : 'external';
  };
  const days = new Map<number, { external: number; personal: number }>();
  for (const g of perDay) {
    if (!g.destination) continue;
    const d = days.get(g.day ?? 0) ?? { external: 0, personal: 0 };
    if (g.destination === 'personal_email') d.personal += g.n;
    else d.external += g.n;
    days.set(g.day ?? 0, d);
  }
  const sent = perDay.reduce((s, g) => s + g.n, 0);
  const personal = perDay
    .filter((g) => g.destination === 'personal_email')
    .reduce((s, g) => s + g.n, 0);
  return {
    window: ctx.window,
    summary: {
      sent,
      external: totals.n,
      personal,
      withAttachments: totals.withAttachments,
      attachments: totals.attachments,
      bytes: totals.bytes,
    },
    domains: byDomain
      .filter((d) => domainKind(d.domain, ctx.config) !== 'company')
      .map((d) => ({
        domain: d.domain,
        kind: kindOf([d.domain]),
        messages: d.messages,
        attachments: d.attachments,
        bytes: d.bytes,
        lastSeen: d.last,
      }))
      .sort((a, b) => b.messages - a.messages),
    daily: [...days.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([day, d]) => ({ date: dayKey(day), ...d })),
    messages: messages.map((m) => {
      const domains = strings(m.domains).filter((d) => domainKind(d, ctx.config) !== 'company');
      return {
        id: String(m.id),
        time: m.time,
        subject: m.subject,
        recipients: strings(m.recipients),
        domains,
        attachments: m.attachments ?? 0,
        size: m.size,
        label: m.label,
        kind: m.destination === 'personal_email' ? 'personal' : kindOf(domains),
      };
    }),
  };
}

/** External mail: what went to personal addresses. */
export const externalEmailsDetector = defineDetector('externalEmails', detectExternalEmails, {
  ...externalEmailsParts,
  figures: ({ externalEmails }) => ({
    'personal-email': {
      value: externalEmails.summary.personal,
      severity: severityAt(externalEmails.summary.personal, 3),
      events: { activity: 'email_send', destination: 'personal_email' },
    },
  }),
  anomalies: ({ externalEmails }) => externalEmails.summary.personal,
});
