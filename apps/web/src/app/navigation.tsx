/**
 * The modules of the sidebar and their links (organisation-system.md §1, plus Users), in order.
 * The command palette, the area placeholders and the dashboard shortcuts read the same list.
 */
import {
  IconAddressBook,
  IconArticle,
  IconBuildingBank,
  IconCash,
  IconCashBanknote,
  IconChartLine,
  IconDatabase,
  IconDeviceDesktop,
  IconDeviceDesktopAnalytics,
  IconEye,
  IconFileInvoice,
  IconFolderOpen,
  IconFolderPlus,
  IconFolders,
  IconHeartHandshake,
  IconIdBadge2,
  IconPaperclip,
  IconPencil,
  IconReceipt,
  IconReportMoney,
  IconSettings,
  IconSettingsDollar,
  IconShieldLock,
  IconStar,
  IconTagPlus,
  IconTags,
  IconUserCog,
  IconUserHeart,
  IconUserPlus,
  IconUserScan,
  IconUsers,
  IconUsersGroup,
  IconVault,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '@/config/paths';
import type { AccessContext, AccessRule } from '@/lib/permissions';
import { access } from './access';

export type AreaId =
  'hr' | 'projects' | 'finance' | 'website' | 'monitor' | 'users' | 'settings' | 'activities';

export type NavItem = {
  id: string;
  /** i18n key of the label. */
  label: string;
  to: string;
  icon: Icon;
  access: AccessRule;
};

export type NavModule = {
  id: AreaId;
  label: string;
  icon: Icon;
  /** Links in groups (a divider between groups). */
  groups: NavItem[][];
};

export const NAV_MODULES: NavModule[] = [
  {
    id: 'hr',
    label: 'nav.modules.hr',
    icon: IconUsersGroup,
    groups: [
      [
        {
          id: 'employees',
          label: 'nav.links.allEmployees',
          to: paths.hr.employees.list.getHref(),
          icon: IconUsers,
          access: access.employees,
        },
        {
          id: 'employee-new',
          label: 'nav.links.createEmployee',
          to: paths.hr.employees.new.getHref(),
          icon: IconUserPlus,
          access: access.employeeNew,
        },
        {
          id: 'employee-settings',
          label: 'nav.links.employeeSettings',
          to: paths.hr.employees.settings.getHref(),
          icon: IconUserCog,
          access: access.employeeSettings,
        },
      ],
      [
        {
          id: 'members',
          label: 'nav.links.allMembers',
          to: paths.hr.members.list.getHref(),
          icon: IconAddressBook,
          access: access.members,
        },
        {
          id: 'member-new',
          label: 'nav.links.createMember',
          to: paths.hr.members.new.getHref(),
          icon: IconIdBadge2,
          access: access.memberNew,
        },
        {
          id: 'member-settings',
          label: 'nav.links.memberSettings',
          to: paths.hr.members.settings.getHref(),
          icon: IconSettings,
          access: access.memberSettings,
        },
      ],
      [
        {
          id: 'volunteers',
          label: 'nav.links.allVolunteers',
          to: paths.hr.volunteers.list.getHref(),
          icon: IconHeartHandshake,
          access: access.volunteers,
        },
        {
          id: 'volunteer-new',
          label: 'nav.links.createVolunteer',
          to: paths.hr.volunteers.new.getHref(),
          icon: IconUserHeart,
          access: access.volunteerNew,
        },
        {
          id: 'volunteer-settings',
          label: 'nav.links.volunteerSettings',
          to: paths.hr.volunteers.settings.getHref(),
          icon: IconSettings,
          access: access.volunteerSettings,
        },
      ],
      [
        {
          id: 'hr-roles',
          label: 'nav.links.allRoles',
          to: paths.users.roles.list.getHref(),
          icon: IconTags,
          access: access.roles,
        },
        {
          id: 'hr-role-new',
          label: 'nav.links.createRole',
          to: paths.users.roles.new.getHref(),
          icon: IconTagPlus,
          access: access.roleNew,
        },
      ],
    ],
  },
  {
    id: 'projects',
    label: 'nav.modules.projects',
    icon: IconFolderOpen,
    groups: [
      [
        {
          id: 'projects',
          label: 'nav.links.allProjects',
          to: paths.projects.list.getHref(),
          icon: IconFolders,
          access: access.projects,
        },
        {
          id: 'project-new',
          label: 'nav.links.createProjects',
          to: paths.projects.new.getHref(),
          icon: IconFolderPlus,
          access: access.projectNew,
        },
      ],
    ],
  },
  {
    id: 'finance',
    label: 'nav.modules.finance',
    icon: IconChartLine,
    groups: [
      [
        {
          id: 'assets',
          label: 'nav.links.assets',
          to: paths.finance.assets.getHref(),
          icon: IconBuildingBank,
          access: access.assets,
        },
      ],
      [
        {
          id: 'grants',
          label: 'nav.links.donations',
          to: paths.finance.grants.getHref(),
          icon: IconCashBanknote,
          access: access.grants,
        },
        {
          id: 'expenses',
          label: 'nav.links.expenses',
          to: paths.finance.expenses.getHref(),
          icon: IconReceipt,
          access: access.expenses,
        },
        {
          id: 'vaults',
          label: 'nav.links.vaults',
          to: paths.finance.vaults.getHref(),
          icon: IconVault,
          access: access.vaults,
        },
      ],
      [
        {
          id: 'payroll',
          label: 'nav.links.payroll',
          to: paths.finance.payroll.getHref(),
          icon: IconReportMoney,
          access: access.payroll,
        },
        {
          id: 'salary-report',
          label: 'nav.links.salaryPayments',
          to: paths.finance.salaryReport.getHref(),
          icon: IconCash,
          access: access.salaryReport,
        },
        {
          id: 'advances',
          label: 'nav.links.advances',
          to: paths.finance.advances.getHref(),
          icon: IconFileInvoice,
          access: access.advances,
        },
        {
          id: 'salary-settings',
          label: 'nav.links.salarySettings',
          to: paths.finance.salarySettings.getHref(),
          icon: IconSettingsDollar,
          access: access.salarySettings,
        },
      ],
    ],
  },
  {
    id: 'website',
    label: 'nav.modules.website',
    icon: IconWorld,
    groups: [
      [
        {
          id: 'topics',
          label: 'nav.links.topics',
          to: paths.website.topics.getHref(),
          icon: IconArticle,
          access: access.topics,
        },
        {
          id: 'resources',
          label: 'nav.links.resources',
          to: paths.website.resources.getHref(),
          icon: IconPaperclip,
          access: access.resources,
        },
      ],
    ],
  },
  {
    id: 'monitor',
    label: 'nav.modules.monitor',
    icon: IconDeviceDesktopAnalytics,
    groups: [
      [
        {
          id: 'monitor-all',
          label: 'nav.links.allOperations',
          to: paths.monitor.all.getHref(),
          icon: IconDeviceDesktop,
          access: access.monitor,
        },
        {
          id: 'monitor-hr',
          label: 'nav.links.monitorHr',
          to: paths.monitor.hr.getHref(),
          icon: IconUserScan,
          access: access.monitor,
        },
        {
          id: 'monitor-projects',
          label: 'nav.links.monitorProjects',
          to: paths.monitor.projects.getHref(),
          icon: IconStar,
          access: access.monitor,
        },
        {
          id: 'monitor-finance',
          label: 'nav.links.monitorFinance',
          to: paths.monitor.finance.getHref(),
          icon: IconEye,
          access: access.monitor,
        },
        {
          id: 'monitor-website',
          label: 'nav.links.monitorWebsite',
          to: paths.monitor.website.getHref(),
          icon: IconPencil,
          access: access.monitor,
        },
      ],
    ],
  },
  {
    id: 'users',
    label: 'nav.modules.users',
    icon: IconShieldLock,
    groups: [
      [
        {
          id: 'users',
          label: 'nav.links.allUsers',
          to: paths.users.list.getHref(),
          icon: IconUsers,
          access: access.users,
        },
        {
          id: 'user-new',
          label: 'nav.links.createUser',
          to: paths.users.new.getHref(),
          icon: IconUserPlus,
          access: access.userNew,
        },
      ],
      [
        {
          id: 'roles',
          label: 'nav.links.roles',
          to: paths.users.roles.list.getHref(),
          icon: IconTags,
          access: access.roles,
        },
        {
          id: 'role-new',
          label: 'nav.links.createRole',
          to: paths.users.roles.new.getHref(),
          icon: IconTagPlus,
          access: access.roleNew,
        },
      ],
    ],
  },
  {
    id: 'settings',
    label: 'nav.modules.settings',
    icon: IconSettings,
    groups: [
      [
        {
          id: 'backups',
          label: 'nav.links.backups',
          to: paths.settings.backups.getHref(),
          icon: IconDatabase,
          access: access.backups,
        },
      ],
    ],
  },
];

/** The modules and links the account may open (modules without any link are left out). */
export function visibleModules(
  ctx: AccessContext,
  modules: NavModule[] = NAV_MODULES,
): NavModule[] {
  return modules
    .map((module) => ({
      ...module,
      groups: module.groups
        .map((group) => group.filter((item) => item.access(ctx)))
        .filter((group) => group.length > 0),
    }))
    .filter((module) => module.groups.length > 0);
}

/**
 * Every visible link, once (the same screen can be in two modules); with `firstOfGroup`, only
 * the first visible link of each group.
 */
export function visibleLinks(
  ctx: AccessContext,
  { firstOfGroup = false }: { firstOfGroup?: boolean } = {},
): (NavItem & { module: NavModule })[] {
  const seen = new Set<string>();
  const result: (NavItem & { module: NavModule })[] = [];
  for (const module of visibleModules(ctx)) {
    const items = firstOfGroup ? module.groups.map((g) => g[0]) : module.groups.flat();
    for (const item of items) {
      if (seen.has(item.to)) continue;
      seen.add(item.to);
      result.push({ ...item, module });
    }
  }
  return result;
}
