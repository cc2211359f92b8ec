import type { DataTableColumn } from '../../../../../src/client/components/data-table/data-table';

/** A row type small enough to read in a test. */
export interface Person {
  id: string;
  name: string;
  age: number;
  team: string | null;
}

/** Name, age (right-aligned) and team (hidden by default). */
export const personColumns: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Name', value: (p) => p.name },
  { id: 'age', header: 'Age', value: (p) => p.age, align: 'right', width: 80 },
  { id: 'team', header: 'Team', value: (p) => p.team, hiddenByDefault: true },
];

/** Four people in no particular order. */
export const people: Person[] = [
  { id: 'p1', name: 'Carol', age: 41, team: 'Red' },
  { id: 'p2', name: 'alice', age: 29, team: null },
  { id: 'p3', name: 'Bob', age: 35, team: 'Blue' },
  { id: 'p4', name: 'Dave', age: 23, team: 'Red' },
];

/** `count` generated people, ids p0…p(count-1). */
export function manyPeople(count: number): Person[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `p${i}`,
    name: `Person ${i}`,
    age: 20 + (i % 50),
    team: i % 2 ? 'Red' : 'Blue',
  }));
}
