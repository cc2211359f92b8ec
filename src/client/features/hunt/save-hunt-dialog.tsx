import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';

import type { HuntTime } from '../../../shared/schemas/hunt';
import { huntKeys, saveHunt } from '../../api/hunt/hunt';
import { HttpError } from '../../api/http-error';
import { Dialog } from '../../components/dialog';

/** Saves the current hunt: name, description, private or shared. */
export function SaveHuntDialog(props: { query: string; time: HuntTime; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    try {
      await saveHunt({
        name,
        description,
        query: props.query,
        time: props.time,
        visibility: shared ? 'shared' : 'private',
      });
      await queryClient.invalidateQueries({ queryKey: huntKeys.saved() });
      toast.success('Search saved');
      props.onClose();
    } catch (caught) {
      setError(caught instanceof HttpError ? caught.message : 'The search could not be saved.');
    }
  };

  return (
    <Dialog title="Save search" onClose={props.onClose}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label>
          Name
          <input
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={120}
          />
        </label>
        <label>
          Description
          <textarea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={2000}
          />
        </label>
        <label>
          <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} />{' '}
          Shared with everyone who may hunt
        </label>
        {error ? <p role="alert">{error}</p> : null}
        <button type="submit" className="button primary">
          Save search
        </button>
      </form>
    </Dialog>
  );
}
