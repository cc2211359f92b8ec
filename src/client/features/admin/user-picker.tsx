import type { AdminUser } from '../../../shared/schemas/admin';

/** A select of users for admin flows started from the palette without a row chosen. */
export function UserPicker(props: {
  users: AdminUser[];
  value: string;
  onChange: (id: string) => void;
  filter?: (u: AdminUser) => boolean;
}) {
  const users = props.filter ? props.users.filter(props.filter) : props.users;
  return (
    <select
      className="select"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      autoFocus
    >
      <option value="">Choose a user…</option>
      {users.map((user) => (
        <option key={user.id} value={user.id}>
          {user.displayName} ({user.email})
        </option>
      ))}
    </select>
  );
}
