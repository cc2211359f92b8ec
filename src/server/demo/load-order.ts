import type { SourceId } from './generator/index';

/** HR first, so employees exist before their activity is joined to them; then file order. */
export function inLoadOrder<T extends { id: SourceId }>(sources: readonly T[]): T[] {
  return [...sources].sort((a, b) => Number(b.id === 'hr') - Number(a.id === 'hr'));
}
