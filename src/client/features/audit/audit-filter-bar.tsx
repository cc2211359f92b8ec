import type { FormEvent, KeyboardEvent, RefObject } from 'react';

import type { ViewedPeopleReply } from '../../../shared/schemas/audit';
import type { AuditFilter } from '../../api/audit/audit';
import type { AuditFilterName } from './audit-filters';

type ViewedPerson = ViewedPeopleReply['people'][number];

/** Common actions and prefixes, offered as the action filter is typed (any text is allowed). */
const ACTIONS = [
  'evidence',
  'evidence.read',
  'case.export',
  'identity.reveal',
  'investigation',
  'note',
  'access.denied',
  'auth',
  'audit.export',
  'employee',
  'alert',
];

const FIELDS: Array<{
  name: AuditFilterName;
  label: string;
  placeholder: string;
  width: number;
  list?: string;
}> = [
  { name: 'user', label: 'User', placeholder: 'email or user id', width: 170 },
  {
    name: 'person',
    label: 'Person',
    placeholder: 'pseudonym or employee id',
    width: 160,
    list: 'audit-people',
  },
  { name: 'case', label: 'Case', placeholder: 'investigation id', width: 140 },
  {
    name: 'action',
    label: 'Action',
    placeholder: 'e.g. evidence.read',
    width: 150,
    list: 'audit-actions',
  },
  { name: 'from', label: 'From', placeholder: 'YYYY-MM-DD', width: 100 },
  { name: 'to', label: 'Before', placeholder: 'YYYY-MM-DD', width: 100 },
];

/**
 * The audit log's filters: user, person (by pseudonym: the people whose data was read are
 * offered), case, action (exact or a prefix) and a time range. Enter applies them all and hands
 * the keys back to the rows; Escape goes back without applying.
 */
export function AuditFilterBar(props: {
  filter: AuditFilter;
  people: readonly ViewedPerson[];
  personLabel: (id: string) => string;
  onApply: (filter: AuditFilter) => void;
  onDone: () => void;
  firstRef: RefObject<HTMLInputElement | null>;
}) {
  const { filter, people, onApply, onDone } = props;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: AuditFilter = {};
    for (const field of FIELDS) {
      const raw = data.get(field.name);
      const value = typeof raw === 'string' ? raw.trim() : '';
      if (value) next[field.name] = value;
    }
    if (next.person) {
      // A pseudonym typed or picked stands for its person's id.
      const typed = next.person.toLowerCase();
      const match = people.find((p) => p.person.pseudonym.toLowerCase() === typed);
      if (match) next.person = match.person.id;
    }
    onApply(next);
    onDone();
  };
  const escape = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onDone();
  };
  return (
    <form className="audit-filters" onSubmit={submit} aria-label="Audit filters">
      {FIELDS.map((field, index) => (
        <label key={field.name} className="audit-filter">
          <span className="muted">{field.label}</span>
          <input
            key={`${field.name}:${filter[field.name] ?? ''}`}
            ref={index === 0 ? props.firstRef : undefined}
            name={field.name}
            className="input"
            style={{ width: field.width }}
            placeholder={field.placeholder}
            aria-label={`Filter by ${field.label.toLowerCase()}`}
            autoComplete="off"
            list={field.list}
            defaultValue={
              field.name === 'person' && filter.person
                ? props.personLabel(filter.person)
                : (filter[field.name] ?? '')
            }
            onKeyDown={escape}
          />
        </label>
      ))}
      <button type="submit" className="button small">
        Apply
      </button>
      <datalist id="audit-people">
        {people.map((p) => (
          <option key={p.person.id} value={p.person.pseudonym}>
            {`${p.person.id} · ${p.views} views`}
          </option>
        ))}
      </datalist>
      <datalist id="audit-actions">
        {ACTIONS.map((action) => (
          <option key={action} value={action} />
        ))}
      </datalist>
    </form>
  );
}
