import { Field } from './field';

/** Longest name and description a form accepts: its schema's limits, so the input stops there. */
export interface NameDescriptionLimits {
  name: number;
  description: number;
}

/**
 * The Name (focused first) and Description fields a dialog that creates something named opens
 * with: saved hunts, watchlists, case templates.
 */
export function NameDescriptionFields(props: {
  name: string;
  description: string;
  onName: (name: string) => void;
  onDescription: (description: string) => void;
  errors: { name?: string | null | undefined; description?: string | null | undefined };
  limits: NameDescriptionLimits;
}) {
  return (
    <>
      <Field label="Name" error={props.errors.name}>
        <input
          className="input"
          value={props.name}
          maxLength={props.limits.name}
          onChange={(event) => props.onName(event.target.value)}
          autoFocus
        />
      </Field>
      <Field label="Description" error={props.errors.description}>
        <textarea
          className="textarea"
          rows={2}
          maxLength={props.limits.description}
          value={props.description}
          onChange={(event) => props.onDescription(event.target.value)}
        />
      </Field>
    </>
  );
}
