import { competitorChat, competitorSubjects } from '../catalog/messages';
import { usualColleagues } from '../colleagues';
import { driveShareEvent, googleActivity } from '../sources/google-workspace';
import { exchangeSendRecord } from '../sources/m365-records';
import { slackChannel, slackDirect, slackFileShared, slackMessage } from '../sources/slack';
import { localName } from '../sources/windows';
import { Injection, ipAt, localTime, pickWeekday } from './injection';
import type { ScenarioContext, ScenarioDefinition, ScenarioPlan } from './types';

function plan(ctx: ScenarioContext): ScenarioPlan {
  const { prng, subject: e, org, options } = ctx;
  const inj = new Injection(ctx.index);
  const competitor = prng.pick(options.competitors);
  const contact = `${prng.pick(['dana', 'alex', 'sam', 'jordan', 'morgan'])}.${prng.pick(['reyes', 'okoro', 'lindgren', 'haas', 'tan'])}@${competitor.domain}`;
  const first = pickWeekday(ctx, 0.4, 0.6);
  const days = prng.int(10, 20);
  const day = (): number => Math.min(ctx.lastDay, first + prng.int(0, days - 1));
  const when = (): { t: number; ip: string } => {
    const hour = prng.range(9, 22);
    return { t: localTime(e, day(), hour), ip: ipAt(e, hour) };
  };
  const slug = competitor.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const shared = slackChannel(`ext-${slug}-${e.localPart}`, true);
  const colleagues = usualColleagues(org, e);

  const messages = prng.int(8, 20);
  for (let i = 0; i < messages; i++) {
    const { t, ip } = when();
    const text = prng.pick(competitorChat).replace('{X}', competitor.name);
    const inShared = colleagues.length === 0 || prng.chance(0.5);
    const channel = inShared ? shared : slackDirect(e, prng.pick(colleagues));
    inj.add(
      'slack',
      t,
      slackMessage(org.company, e, channel, text, t, ip, prng, inShared ? [competitor.domain] : []),
    );
  }

  const documents = prng.sample(
    e.files.filter((f) => f.label !== 'Public'),
    prng.int(3, 6),
  );
  const mails = prng.int(3, 8);
  for (let i = 0; i < mails; i++) {
    const { t, ip } = when();
    const attachments =
      i < 2 && documents.length > 0
        ? prng.sample(documents, prng.int(1, 2)).map((f) => ({ name: localName(f), size: f.size }))
        : [];
    const subject = prng.pick(competitorSubjects).replace('{X}', competitor.name);
    inj.add(
      'm365',
      t,
      exchangeSendRecord(
        org.company,
        e,
        t,
        ip,
        { subject, recipients: [contact], attachments },
        prng,
      ),
    );
  }

  const slackShares = prng.sample(documents, prng.int(2, 4));
  for (const f of slackShares) {
    const { t, ip } = when();
    inj.add('slack', t, slackFileShared(org.company, e, f, shared, t, ip, prng));
  }
  const driveDocs = e.files.filter((f) => f.store === 'drive' && f.label !== 'Public');
  const driveShares = prng.sample(driveDocs, prng.int(1, 3));
  for (const f of driveShares) {
    const { t, ip } = when();
    inj.add(
      'google-workspace',
      t,
      googleActivity(org.company, e, t, 'drive', ip, [driveShareEvent(f, contact, true)], prng),
    );
  }

  return inj.finish(ctx, 'competitor-contact', {
    techniques: [],
    summary: `Talked about ${competitor.name} in Slack ${messages} times (partly in a Slack Connect channel with ${competitor.domain}), mailed ${contact} and shared ${slackShares.length + driveShares.length} files externally.`,
    details: {
      competitor: competitor.name,
      competitorDomain: competitor.domain,
      contact,
      slackChannel: shared.name,
      finding: 'competitor-mention',
    },
  });
}

/** Chats and mail with a competitor, with files shared outside the company. */
export const competitorContact: ScenarioDefinition = {
  id: 'competitor-contact',
  description: 'Mentions a competitor in chat, mails a contact there and shares files with them.',
  eligible: (e) => e.files.length > 0,
  plan,
};
