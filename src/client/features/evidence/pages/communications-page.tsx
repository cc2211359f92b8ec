import { useMemo, useState } from 'react';

import type { MentionRow } from '../../../../shared/schemas/findings/competitor-mentions';
import type { ExternalEmailsReply } from '../../../../shared/schemas/findings/external-emails';
import type { SlackSharesReply } from '../../../../shared/schemas/findings/slack';
import { useCommunications, useTopic } from '../../../api/findings/topics';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../components/format';
import { EventDialog } from '../parts/event-dialog';
import { FindingState } from '../parts/finding-state';
import { FindingTable } from '../parts/finding-table';
import { PageFrame } from '../parts/page-frame';
import { Figures, Section, Tag } from '../parts/section';
import { useEvidenceUi } from '../parts/use-evidence-ui';
import { ContactGraph } from './communications-graph';

type Domain = ExternalEmailsReply['domains'][number];
type Share = SlackSharesReply['shares'][number];

const mentionColumns: DataTableColumn<MentionRow>[] = [
  {
    id: 'time',
    header: 'Time',
    value: (m) => m.time,
    cell: (m) => formatDateTime(m.time),
    width: 170,
  },
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
  { id: 'messages', header: 'Mails', value: (d) => d.messages, align: 'right', width: 70 },
  {
    id: 'attachments',
    header: 'Attachments',
    value: (d) => d.attachments,
    align: 'right',
    width: 110,
  },
  {
    id: 'last',
    header: 'Last',
    value: (d) => d.lastSeen,
    cell: (d) => formatDateTime(d.lastSeen),
    width: 170,
  },
];
const shareColumns: DataTableColumn<Share>[] = [
  {
    id: 'time',
    header: 'Time',
    value: (s) => s.time,
    cell: (s) => formatDateTime(s.time),
    width: 170,
  },
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

/** Who the subject talks to, competitor mentions, mail outside the company and chat shares. */
export default function CommunicationsPage() {
  const { id, window, state, update } = useEvidenceUi();
  const graph = useCommunications(id, state.hops, window);
  const mentions = useTopic(id, 'competitorMentions', window);
  const mail = useTopic(id, 'externalEmails', window);
  const shares = useTopic(id, 'slackShares', window);
  const downloads = useTopic(id, 'slackDownloads', window);
  const [open, setOpen] = useState<string | null>(null);
  const pinMention = useMemo(
    () => (m: MentionRow) => ({
      kind: 'event' as const,
      ref: m.id,
      label: `${m.competitor}: ${m.snippet.slice(0, 120)}`,
      page: 'communications-analysis',
      snapshot: { ...m },
    }),
    [],
  );
  const pinDomain = useMemo(
    () => (d: Domain) => ({
      kind: 'contact' as const,
      ref: `domain:${d.domain}`,
      label: `${d.domain} (${d.kind}): ${d.messages} mails`,
      page: 'communications-analysis',
      snapshot: { ...d },
    }),
    [],
  );
  const pinShare = useMemo(
    () => (s: Share) => ({
      kind: 'event' as const,
      ref: s.id,
      label: `${s.file ?? 'File'} shared ${s.external ? 'externally' : 'in a direct message'}`,
      page: 'communications-analysis',
      snapshot: { ...s },
    }),
    [],
  );
  return (
    <PageFrame
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
    >
      <FindingState query={graph} what="the contact graph">
        {(g) => (
          <>
            <Figures
              items={[
                { label: 'Contacts', value: g.summary.contacts },
                { label: 'Outside the company', value: g.summary.external },
                {
                  label: 'Competitor contacts',
                  value: g.summary.competitors,
                  tone: g.summary.competitors ? 'danger' : null,
                },
                {
                  label: 'Personal addresses',
                  value: g.summary.personal,
                  tone: g.summary.personal ? 'warning' : null,
                },
              ]}
            />
            <Section
              title="Contact graph"
              hint="Node size is the volume of contact; hover a node for details"
              wide
            >
              <ContactGraph graph={g} />
            </Section>
          </>
        )}
      </FindingState>
      <Section title="Competitor mentions" hint="o opens the message">
        <FindingState query={mentions} what="competitor mentions">
          {(m) => (
            <FindingTable<MentionRow>
              investigationId={id}
              label="Competitor mentions"
              columns={mentionColumns}
              rows={m.mentions}
              getRowId={(r) => r.id}
              pin={pinMention}
              onOpen={(r) => setOpen(r.id)}
              height={260}
              emptyMessage="No message names a configured competitor."
            />
          )}
        </FindingState>
      </Section>
      <Section title="Mail outside the company">
        <FindingState query={mail} what="external mail">
          {(m) => (
            <>
              <Figures
                items={[
                  { label: 'Sent', value: m.summary.sent },
                  { label: 'External', value: m.summary.external },
                  {
                    label: 'Personal',
                    value: m.summary.personal,
                    tone: m.summary.personal ? 'danger' : null,
                  },
                  { label: 'With attachments', value: m.summary.withAttachments },
                ]}
              />
              <FindingTable<Domain>
                investigationId={id}
                label="Mail domains"
                columns={domainColumns}
                rows={m.domains}
                getRowId={(d) => d.domain}
                pin={pinDomain}
                height={240}
              />
            </>
          )}
        </FindingState>
      </Section>
      <Section
        title="Files shared in chat"
        hint="Outside the company, public links and direct messages"
      >
        <FindingState query={shares} what="chat shares">
          {(s) => (
            <FindingTable<Share>
              investigationId={id}
              label="Chat shares"
              columns={shareColumns}
              rows={s.shares}
              getRowId={(r) => r.id}
              pin={pinShare}
              onOpen={(r) => setOpen(r.id)}
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
      {open ? (
        <EventDialog investigationId={id} eventId={open} onClose={() => setOpen(null)} />
      ) : null}
    </PageFrame>
  );
}
