import {
  IconBuildingBank,
  IconCash,
  IconCashBanknote,
  IconFileInvoice,
  IconReceipt,
  IconReportMoney,
  IconSettingsDollar,
  IconVault,
} from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { anyPermission } from '@/lib/permissions';
import { areaStrings, type AreaModule, type NavItem } from '../area';
import { placeholderScreen } from '../placeholder';

const to = paths.finance;
// No finance collection is declared yet: until they are, each screen names its permission.
// Replace these with `screenAccess(<collection>, …)` when the collections land.
const can = {
  advances: anyPermission('advances.read'),
  assets: anyPermission('assets.read'),
  expenses: anyPermission('expenses.read'),
  grants: anyPermission('grants.read', 'donations.read'),
  payroll: anyPermission('payroll.read'),
  salarySettings: anyPermission('salary_setting.read'),
  salaryReport: anyPermission('salary_report.read', 'payroll.read_history'),
  vaults: anyPermission('vaults.read'),
};

type Screen = keyof typeof can;
const screen = (name: Screen) => ({
  path: to[name].path,
  layout: 'default' as const,
  title: `pages.${name}`,
  access: can[name],
  screen: placeholderScreen,
});
const link = (id: string, name: Screen, label: string, icon: NavItem['icon']): NavItem => ({
  id,
  label,
  to: to[name].getHref(),
  icon,
  access: can[name],
});

/** The organisation's money and payroll (screens of later issues: placeholders for now). */
export const financeArea: AreaModule = {
  id: 'finance',
  routes: [
    screen('advances'),
    screen('assets'),
    screen('expenses'),
    screen('grants'),
    screen('payroll'),
    screen('salarySettings'),
    screen('salaryReport'),
    screen('vaults'),
  ],
  nav: {
    section: 'finance',
    groups: [
      [link('assets', 'assets', 'nav.links.assets', IconBuildingBank)],
      [
        link('grants', 'grants', 'nav.links.donations', IconCashBanknote),
        link('expenses', 'expenses', 'nav.links.expenses', IconReceipt),
        link('vaults', 'vaults', 'nav.links.vaults', IconVault),
      ],
      [
        link('payroll', 'payroll', 'nav.links.payroll', IconReportMoney),
        link('salary-report', 'salaryReport', 'nav.links.salaryPayments', IconCash),
        link('advances', 'advances', 'nav.links.advances', IconFileInvoice),
        link('salary-settings', 'salarySettings', 'nav.links.salarySettings', IconSettingsDollar),
      ],
    ],
  },
  strings: areaStrings(
    () => import('./en'),
    () => import('./ar'),
  ),
};
