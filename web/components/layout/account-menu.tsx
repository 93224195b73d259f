import { BookOpen, CreditCard, LayoutDashboard, LogOut, Settings, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ROUTES } from '#common/routes';
import { useSignOutToHome } from '#web/features/auth/use-sign-out-to-home';
import { Button } from '#web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu';

const ITEMS = [
  { ...ROUTES.dashboard, icon: LayoutDashboard },
  { ...ROUTES.payments, icon: CreditCard },
  { ...ROUTES.settings, icon: Settings },
  { ...ROUTES.docs, label: 'Documentation', icon: BookOpen },
];

/** The signed-in user's e-mail with Dashboard, Payments, Settings, Documentation and Sign Out. */
export default function AccountMenu({ email }: { email: string }) {
  const navigate = useNavigate();
  const signOutToHome = useSignOutToHome();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" aria-label="Account menu" className="rounded-full">
          <UserRound aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          Signed in as
          <span className="block truncate text-sm font-medium text-slate-900">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {ITEMS.map(({ path, label, icon: Icon }) => (
          <DropdownMenuItem key={path} onSelect={() => navigate(path)}>
            <Icon aria-hidden="true" />
            {label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={signOutToHome}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
