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
import { assets, employeeAdvances, expenses, payrollRuns, vaults } from '@app/schema';
import { paths } from '@/config/paths';
import { anyPermission, screenAccess } from '@/lib/permissions';
import { areaStrings, type AreaModule, type NavItem, type ScreenModule } from '../area';

const to = paths.finance;
// Screens open by their collections' declared access; the salary report (no collection of its
// own) names its permission.
const can = {
  advances: screenAccess(employeeAdvances, 'list'),
  assets: screenAccess(assets, 'list'),
  expenses: screenAccess(expenses, 'list'),
  // Donations and grants share the screen: either permission opens it.
  grants: anyPermission('donations.read', 'grants.read'),
  payroll: screenAccess(payrollRuns, 'list'),
  payrollRun: screenAccess(payrollRuns, 'view'),
  salarySettings: anyPermission('salary_setting.read'),
  salaryReport: anyPermission('salary_report.read'),
  vaults: screenAccess(vaults, 'list'),
  statement: screenAccess(vaults, 'view'),
};

/** Each route's screen. */
const SCREENS: Record<keyof typeof can, () => Promise<ScreenModule>> = {
  advances: () => import('../../routes/finance/advances'),
  assets: () => import('../../routes/finance/assets'),
  expenses: () => import('../../routes/finance/expenses'),
  grants: () => import('../../routes/finance/grants'),
  payroll: () => import('../../routes/finance/payroll'),
  payrollRun: () => import('../../routes/finance/payroll-run'),
  salarySettings: () => import('../../routes/finance/salary-settings'),
  salaryReport: () => import('../../routes/finance/salary-report'),
  vaults: () => import('../../routes/finance/vaults'),
  statement: () => import('../../routes/finance/statement'),
};

type Screen = keyof typeof can;
const screen = (name: Screen) => ({
  path: to[name].path,
  layout: 'default' as const,
  title: `pages.${name}`,
  access: can[name],
  screen: SCREENS[name],
});
const link = (
  id: string,
  name: Exclude<Screen, 'statement' | 'payrollRun'>,
  label: string,
  icon: NavItem['icon'],
): NavItem => ({
  id,
  label,
  to: to[name].getHref(),
  icon,
  access: can[name],
});

/** The organisation's money on its ledger, and the payroll paid from it. */
export const financeArea: AreaModule = {
  id: 'finance',
  routes: [
    screen('advances'),
    screen('assets'),
    screen('expenses'),
    screen('grants'),
    screen('payroll'),
    screen('payrollRun'),
    screen('salarySettings'),
    screen('salaryReport'),
    screen('vaults'),
    screen('statement'),
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
  strings: areaStrings('finance'),
};
