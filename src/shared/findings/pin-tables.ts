import { findingTopics } from './catalogue';
import type { EvidencePageSlug, TopicId } from './catalogue';
import type { PinTableSpec } from './pin-table';

/** The catalogue entries that declare a pinnable table. */
type PinnedTopic = {
  [K in TopicId]: (typeof findingTopics)[K] extends { pin: object } ? K : never;
}[TopicId];

type PinOfTopic<K extends PinnedTopic> = (typeof findingTopics)[K]['pin'];

/** The id of a finding table rows are pinned from, such as `repo`. */
export type PinTableId = { [K in PinnedTopic]: PinOfTopic<K>['id'] }[PinnedTopic];

/** The topic whose pinnable table has an id. */
type TopicOfPin<T extends PinTableId> = {
  [K in PinnedTopic]: PinOfTopic<K>['id'] extends T ? K : never;
}[PinnedTopic];

/** The row type of a pinnable finding table. */
export type PinTableRow<T extends PinTableId> =
  PinOfTopic<TopicOfPin<T>> extends PinTableSpec<string, never, infer Row> ? Row : never;

/** A pinnable table seen without its row type, for code that handles any of them. */
export interface AnyPinTable {
  /** The finding endpoint (catalogue id) whose detector computes the table. */
  readonly endpoint: TopicId;
  /** The evidence page the table is on. */
  readonly page: EvidencePageSlug;
  rows(reply: unknown): readonly unknown[];
  key(row: unknown): string;
  label(row: unknown): string;
  eventIds?(row: unknown): readonly string[];
}

/**
 * Every finding table a row can be pinned from, by id, read from the catalogue entries that
 * declare one. The ids are the prefixes pinned rows carried before the server captured them
 * (`repo:acme/billing`), so older pins still mark their rows.
 */
const pinTables = new Map<string, AnyPinTable>(
  (Object.keys(findingTopics) as TopicId[]).flatMap((topic) => {
    const entry = findingTopics[topic];
    if (!('pin' in entry)) return [];
    const pin = entry.pin as unknown as Omit<AnyPinTable, 'endpoint' | 'page'> & { id: string };
    return [[pin.id, { ...pin, endpoint: topic, page: entry.page }] as const];
  }),
);

/** Every pinnable table's id, in catalogue order (the pin schemas' enum). */
export const pinTableIds = [...pinTables.keys()] as [PinTableId, ...PinTableId[]];

/** One pinnable table by id, without its row type. */
export function pinTableOf(id: PinTableId): AnyPinTable {
  return pinTables.get(id)!;
}

/** A pinned finding row's ref: its table and its key (`repo:acme/billing`). */
export function findingRef(table: PinTableId, key: string): string {
  return `${table}:${key}`;
}
