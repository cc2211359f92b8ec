import type { MentionRow } from '../../../../shared/schemas/findings/competitor-mentions';
import type { ExternalEmailsReply } from '../../../../shared/schemas/findings/external-emails';
import type { SlackSharesReply } from '../../../../shared/schemas/findings/slack';
import { useCommunications, useTopic } from '../../../api/findings/topics';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { EvidencePage, useEvidencePage } from '../evidence-page';
import { timelineTo } from '../parts/timeline-link';
import { countColumn, dateTimeColumn } from '../parts/columns';
import { FindingSection, FindingState } from '../parts/finding-state';
import { FindingTable } from '../parts/finding-table';
import { pinEventRow, pinFinding } from '../parts/pins';
import { Figures, Section, Tag } from '../parts/section';
import { ContactGraph, subjectContacts, subjectEdge } from './communications-graph';
import { workspace } from '../../../workspace/workspace-controller';

type Domain = ExternalEmailsReply['domains'][number];
type Share = SlackSharesReply['shares'][number];

const mentionColumns: DataTableColumn<MentionRow>[] = [
  dateTimeColumn('time', 'Time', (m) => m.time),
  { id: 'competitor', header: 'Competitor', value: (m) => m.competitor, width: 120 },
  {
    id: 'channel',
    header: 'Via',
    value: (m) => m.channel,
    cell: (m) => (m.external ? <Tag tone="danger">{m.channel} · external</Tag> : m.channel),
    width: 140,
  },
  { id: 'snippet', header: 'Snippet', value: (m) => m.snippet },
  { id: 'with', header: 'With', value: (m) => m.counterparties.join(', '), width: 220 },
];
const domainColumns: DataTableColumn<Domain>[] = [
  { id: 'domain', header: 'Domain', value: (d) => d.domain },
  {
    id: 'kind',
    header: 'Kind',
    value: (d) => d.kind,
    cell: (d) => <Tag tone={d.kind === 'external' ? 'muted' : 'danger'}>{d.kind}</Tag>,
    width: 110,
  },
  countColumn('messages', 'Mails', (d) => d.messages, 70),
  countColumn('attachments', 'Attachments', (d) => d.attachments, 110),
  dateTimeColumn('last', 'Last', (d) => d.lastSeen),
];
const shareColumns: DataTableColumn<Share>[] = [
  dateTimeColumn('time', 'Time', (s) => s.time),
  { id: 'file', header: 'File', value: (s) => s.file },
  {
    id: 'where',
    header: 'Where',
    value: (s) => (s.external ? 'external' : s.direct ? 'direct message' : (s.destination ?? '')),
    cell: (s) =>
      s.external ? (
        <Tag tone="danger">{s.destination?.replace(/_/g, ' ') ?? 'external'}</Tag>
      ) : s.direct ? (
        'direct message'
      ) : (
        ''
      ),
    width: 160,
  },
  { id: 'channel', header: 'Channel', value: (s) => s.channel, width: 160 },
];

const pinMention = pinEventRow<MentionRow>((m) => `${m.competitor}: ${m.snippet.slice(0, 120)}`);
const pinDomain = pinFinding('domain');
const pinShare = pinEventRow<Share>(
  (s) => `${s.file ?? 'File'} shared ${s.external ? 'externally' : 'in a direct message'}`,
);

/** Who the subject talks to, competitor mentions, mail outside the company and chat shares. */
export default function CommunicationsPage() {
  const page = useEvidencePage();
  const { id, window, state, update } = page;
  const graph = useCommunications(id, state.hops, window);
  const mentions = useTopic(id, 'competitorMentions', window);
  const mail = useTopic(id, 'externalEmails', window);
  const shares = useTopic(id, 'slackShares', window);
  const downloads = useTopic(id, 'slackDownloads', window);
  return (
    <EvidencePage
      page={page}
      title="Communications analysis"
      lede="The subject's contact graph from mail, shares and chat channels, mentions of competitors, mail leaving the company and files shared in chat."
      controls={
        <label className="evidence-controls">
          <span className="muted">Hops</span>
          <select
            className="select"
            value={state.hops}
            onChange={(e) => update({ hops: Number(e.target.value) })}
          >
            {[1, 2, 3].map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
        </label>
      }
      query={graph}
      what="the contact graph"
      figures={(g) => {
        // A count of contacts opens the subject's own messages with them (their keys).
        const messagesWith = (keep: Parameters<typeof subjectContacts>[1]) => {
          const counterpart = subjectContacts(g, keep);
          return counterpart ? { to: timelineTo(id, g.window, { counterpart }) } : {};
        };
        return [
          { label: 'Contacts', value: g.summary.contacts, ...messagesWith(() => true) },
          {
            label: 'Outside the company',
            value: g.summary.external,
            ...messagesWith((n) => n.external),
          },
          {
            label: 'Competitor contacts',
            value: g.summary.competitors,
            tone: g.summary.competitors ? 'danger' : null,
            ...messagesWith((n) => n.competitor !== null),
          },
          {
            label: 'Personal addresses',
            value: g.summary.personal,
            tone: g.summary.personal ? 'warning' : null,
            ...messagesWith((n) => n.personal),
          },
        ];
      }}
      sections={
        <>
          <FindingSection
            title="Competitor mentions"
            hint="o opens the message"
            query={mentions}
            what="competitor mentions"
          >
            {(m) => (
              <FindingTable<MentionRow>
                label="Competitor mentions"
                columns={mentionColumns}
                rows={m.mentions}
                getRowId={(r) => r.id}
                pin={pinMention}
                onOpen={(r) => page.openEvent(r.id)}
                height={260}
                emptyMessage="No message names a configured competitor."
              />
            )}
          </FindingSection>
          <FindingSection title="Mail outside the company" query={mail} what="external mail">
            {(m) => (
              <>
                <Figures
                  items={[
                    {
                      label: 'Sent',
                      value: m.summary.sent,
                      to: timelineTo(page.id, m.window, { activity: 'email_send' }),
                    },
                    {
                      label: 'External',
                      value: m.summary.external,
                      to: timelineTo(page.id, m.window, { flag: 'external_email' }),
                    },
                    {
                      label: 'Personal',
                      value: m.summary.personal,
                      tone: m.summary.personal ? 'danger' : null,
                      to: timelineTo(page.id, m.window, {
                        activity: 'email_send',
                        destination: 'personal_email',
                      }),
                    },
                    {
                      label: 'With attachments',
                      value: m.summary.withAttachments,
                      to: timelineTo(page.id, m.window, {
                        flag: 'external_email',
                        attachments: '1',
                      }),
                    },
                  ]}
                />
                <FindingTable<Domain>
                  label="Mail domains"
                  columns={domainColumns}
                  rows={m.domains}
                  getRowId={(d) => d.domain}
                  pin={pinDomain}
                  height={240}
                />
              </>
            )}
          </FindingSection>
          <Section
            title="Files shared in chat"
            hint="Outside the company, public links and direct messages"
          >
            <FindingState query={shares} what="chat shares">
              {(s) => (
                <FindingTable<Share>
                  label="Chat shares"
                  columns={shareColumns}
                  rows={s.shares}
                  getRowId={(r) => r.id}
                  pin={pinShare}
                  onOpen={(r) => page.openEvent(r.id)}
                  height={240}
                  emptyMessage="No file shared outside or in direct messages."
                />
              )}
            </FindingState>
            <FindingState query={downloads} what="chat downloads">
              {(d) => (
                <div className="muted" style={{ marginTop: 8 }}>
                  {d.summary.downloads} downloads of {d.summary.files} files from chat
                  {d.summary.busiestDay
                    ? `; busiest day ${d.summary.busiestDay.date} (${d.summary.busiestDay.count}, ${d.summary.peakRatio}× the usual day)`
                    : ''}
                  .
                </div>
              )}
            </FindingState>
          </Section>
        </>
      }
    >
      {(g) => (
        <Section
          title="Contact graph"
          hint="Node size is the volume of contact; an edge of the subject's opens their messages"
          wide
        >
          <ContactGraph
            graph={g}
            onEdge={(index) => {
              const found = subjectEdge(g, index);
              if (found)
                workspace.navigate(
                  timelineTo(id, g.window, { counterpart: found.events.counterpart }),
                );
            }}
          />
        </Section>
      )}
    </EvidencePage>
  );
}
