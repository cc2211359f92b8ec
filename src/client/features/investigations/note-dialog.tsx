import { useState } from 'react';
import { toast } from 'sonner';

import { MAX_NOTE_LENGTH } from '../../../shared/schemas/case-notes';
import { useWriteNote } from '../../api/investigations/write-note';
import { Field } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { formatNumber } from '../../components/format';
import { plural } from '../../../shared/wording';

const FIELDS = ['body'] as const;

/**
 * Writes a note on a case, or a correction of one (`amends`): notes cannot be edited, so a
 * correction is a new note that names the one it corrects. Markdown; Ctrl+Enter saves.
 */
export function NoteDialog(props: {
  investigationId: string;
  amends?: { id: string; excerpt: string } | undefined;
  onClose: () => void;
}) {
  const [body, setBody] = useState('');
  const write = useWriteNote(props.investigationId);
  const problems = useFieldProblems(write.error, FIELDS);
  const over = body.length - MAX_NOTE_LENGTH;
  const valid = body.trim().length > 0 && over <= 0;
  // Said, not only a disabled button: Save and Ctrl+Enter did nothing at 20,001 characters.
  const tooLong =
    over > 0
      ? `${formatNumber(body.length)} / ${formatNumber(MAX_NOTE_LENGTH)} characters: ${plural(over, 'character')} too long. Shorten the note, or split it into two, to save.`
      : null;
  const submit = () =>
    write.mutate(
      { body, ...(props.amends ? { amends: props.amends.id } : {}) },
      {
        onSuccess: () => {
          toast.success(props.amends ? 'Correction saved' : 'Note saved');
          props.onClose();
        },
      },
    );
  return (
    <FormDialog
      title={props.amends ? 'Amend a note' : 'Write a note'}
      formId="case-note-form"
      action="Save note"
      wide
      busy={write.isPending}
      ready={valid}
      onSubmit={submit}
      onClose={props.onClose}
      formRef={problems.formRef}
    >
      {props.amends ? (
        <blockquote className="note-amended-excerpt">Correcting: {props.amends.excerpt}</blockquote>
      ) : null}
      <Field
        label={props.amends ? 'Correction' : 'Note'}
        error={tooLong ?? problems.fields.body ?? problems.form}
        hint={`Markdown: **bold**, *italic*, \`code\`, lists with -, links [text](https://…). Notes cannot be edited or deleted later. Ctrl+Enter saves. ${formatNumber(body.length)} / ${formatNumber(MAX_NOTE_LENGTH)} characters.`}
      >
        <textarea
          className="textarea"
          rows={10}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          autoFocus
        />
      </Field>
    </FormDialog>
  );
}
