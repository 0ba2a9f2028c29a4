import { useTranslation } from '@/lib/i18n/use-translation';
import { Dashboard } from '@/features/dashboard/components/dashboard';
import { NextDeadlines } from '@/features/finance/components/next-deadlines';
import { useCan } from '@/lib/session';
import { useAccount } from '@/lib/session';
import { visibleLinks } from '../navigation';
import { useAccessContext } from '../use-access-context';

export default function DashboardRoute() {
  const { t } = useTranslation();
  const account = useAccount();
  const ctx = useAccessContext();
  const canGrants = useCan('grants.read');
  if (!account) return null;
  // One shortcut per group of links: the lists ("All Employees", "Roles", …), not every action.
  const shortcuts = visibleLinks(ctx, { firstOfGroup: true }).map((link) => ({
    id: link.id,
    label: t(link.label),
    to: link.to,
    icon: link.icon,
    group: t(link.module.label),
  }));
  return (
    <Dashboard
      account={account}
      shortcuts={shortcuts}
      reminders={canGrants ? <NextDeadlines /> : undefined}
    />
  );
}
