import { toast } from 'sonner';

import type { MyNotifications } from '../../../shared/schemas/notifications';
import {
  useMyNotifications,
  useSaveMyNotifications,
} from '../../api/notifications/my-notifications';

const CHOICES: Array<{ key: keyof MyNotifications; label: string }> = [
  { key: 'assignedToMe', label: 'A case or alert is assigned to me' },
  { key: 'myRevealDecided', label: 'A reveal I asked for is decided' },
];

/**
 * A person's own notifications, by email to their sign-in address (sent through the first
 * email channel an admin set up). Each box saves as it changes.
 */
export function MyNotificationsSection() {
  const mine = useMyNotifications();
  const save = useSaveMyNotifications();
  const change = (key: keyof MyNotifications, value: boolean) => {
    if (!mine.data) return;
    save.mutate(
      { ...mine.data, [key]: value },
      {
        onSuccess: () => toast.success('Notifications saved'),
        onError: (error) => toast.error('Not saved', { description: error.message }),
      },
    );
  };
  return (
    <section className="card">
      <header>
        <h2>Email me when</h2>
      </header>
      <div className="card-body stack">
        {CHOICES.map((choice) => (
          <label key={choice.key} className="checkbox">
            <input
              type="checkbox"
              checked={mine.data?.[choice.key] ?? false}
              disabled={!mine.data || save.isPending}
              onChange={(event) => change(choice.key, event.target.checked)}
            />{' '}
            {choice.label}
          </label>
        ))}
        <span className="muted">
          Sent to your sign-in address. People in them are named by pseudonym only.
        </span>
      </div>
    </section>
  );
}
