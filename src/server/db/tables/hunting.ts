/** A saved hunting search (migration 0033). */
export interface SavedHuntsTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  query: string;
  /** JSON: `{ last: '7d' }` or `{ from, to }` (epoch ms). */
  time: string;
  /** `private` (its owner only) or `shared` (everyone who may hunt). */
  visibility: string;
  created_at: number;
  updated_at: number;
}
