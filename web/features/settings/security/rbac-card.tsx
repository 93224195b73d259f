import { UsersRound } from 'lucide-react';
import { Badge } from '#web/components/ui/badge';
import { SecurityCard } from './security-card';

/** What the admin role grants; shown only to users the server says are admins. */
const ADMIN_CAN = [
  'Manage all roles',
  'Access all security monitoring',
  'Configure system-wide settings',
] as const;

export function RbacCard() {
  return (
    <SecurityCard
      icon={UsersRound}
      title="Role-Based Access Control"
      description="You are an administrator of this platform."
      aside={<Badge variant="brand">Admin</Badge>}
    >
      <ul className="grid gap-2 text-sm text-slate-700 sm:grid-cols-3">
        {ADMIN_CAN.map((item) => (
          <li key={item} className="rounded-lg bg-slate-50 px-3 py-2">
            {item}
          </li>
        ))}
      </ul>
    </SecurityCard>
  );
}
