import {
  IconBuildingBank,
  IconChartPie,
  IconCoin,
  IconFileInvoice,
  IconListCheck,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { DetailTabs } from '@/components/resource/detail-tabs';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { BankChecksPanel } from './bank-checks';
import { BudgetLinesPanel } from './budget-lines';
import { DonationsPanel } from './donations';
import { OverviewPanel } from './overview';
import { PurchasesPanel, RequestsPanel } from './requests';

/**
 * A project's Finance tab, with the old system's pill tabs: Budget Lines, Donations, Financial
 * Requests, Purchases, Bank Checks and Overview. The open one is `?finance=` in the URL.
 */
export function ProjectFinanceTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const canDonations = useCanAct('donations', 'list');
  const tab = (key: string) => t(`projects.finance.tabs.${key}`);
  return (
    <DetailTabs
      param="finance"
      label={t('projects.finance.tabsLabel')}
      tabs={[
        {
          value: 'lines',
          label: tab('lines'),
          icon: <IconListCheck size={16} />,
          content: <BudgetLinesPanel projectId={projectId} />,
        },
        ...(canDonations
          ? [
              {
                value: 'donations',
                label: tab('donations'),
                icon: <IconCoin size={16} />,
                content: <DonationsPanel owner={{ field: 'project', id: projectId }} />,
              },
            ]
          : []),
        {
          value: 'requests',
          label: tab('requests'),
          icon: <IconFileInvoice size={16} />,
          content: <RequestsPanel projectId={projectId} />,
        },
        {
          value: 'purchases',
          label: tab('purchases'),
          icon: <IconShoppingCart size={16} />,
          content: <PurchasesPanel projectId={projectId} />,
        },
        {
          value: 'checks',
          label: tab('checks'),
          icon: <IconBuildingBank size={16} />,
          content: <BankChecksPanel projectId={projectId} />,
        },
        {
          value: 'overview',
          label: tab('overview'),
          icon: <IconChartPie size={16} />,
          content: <OverviewPanel projectId={projectId} />,
        },
      ]}
    />
  );
}
