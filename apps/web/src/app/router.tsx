import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { access } from './access';
import { Root, RootFallback } from './root';
import type { RouteHandle } from './route-handle';
import { RouteError } from './routes/route-error';

type Module = { default: ComponentType };

/** A lazy route module: its default export becomes the route's component (its own chunk). */
function page(load: () => Promise<Module>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

const placeholder = page(() => import('./routes/area-placeholder'));
const monitor = page(() => import('./routes/monitor'));

/** A screen of an area that comes in a later issue: its frame and its area's navigation. */
function areaRoute(path: string, handle: RouteHandle): RouteObject {
  return { path, lazy: placeholder, handle };
}

function monitorRoute(path: string, section: NonNullable<RouteHandle['section']>): RouteObject {
  return {
    path,
    lazy: monitor,
    handle: { title: `pages.monitor.${section}`, area: 'monitor', access: access.monitor, section },
  };
}

/** Every route of the spec (§2) plus the users screens, with their layouts. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    HydrateFallback: RootFallback,
    ErrorBoundary: RouteError,
    children: [
      // Blank layout, public.
      {
        path: paths.auth.root.path,
        lazy: page(() => import('./layouts/blank-layout')),
        children: [
          { index: true, element: <Navigate to={paths.auth.login.path} replace /> },
          { path: 'login', lazy: page(() => import('./routes/auth/login')) },
          { path: 'forgot-password', lazy: page(() => import('./routes/auth/forgot-password')) },
          {
            path: 'confirm-password-reset/:token',
            lazy: page(() => import('./routes/auth/confirm-password-reset')),
          },
        ],
      },
      // Blank layout, signed in.
      {
        lazy: page(() => import('./layouts/blank-layout')),
        children: [
          {
            path: paths.projects.report.path,
            lazy: page(() => import('./routes/project-report')),
            handle: {
              title: 'pages.projectReport',
              area: 'projects',
              access: access.projectReport,
            },
          },
        ],
      },
      // Default layout.
      {
        lazy: page(() => import('./layouts/default-layout')),
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              {
                index: true,
                lazy: page(() => import('./routes/dashboard')),
                handle: { title: 'pages.dashboard', access: access.dashboard },
              },
              areaRoute(paths.activities.view.path, {
                title: 'pages.activity',
                area: 'projects',
                access: access.activityView,
              }),

              monitorRoute(paths.monitor.all.path, 'all'),
              monitorRoute(paths.monitor.finance.path, 'finance'),
              monitorRoute(paths.monitor.hr.path, 'hr'),
              monitorRoute(paths.monitor.projects.path, 'projects'),
              monitorRoute(paths.monitor.website.path, 'website'),
              {
                path: paths.monitor.root.path,
                element: <Navigate to={paths.monitor.all.path} replace />,
              },

              areaRoute(paths.finance.advances.path, {
                title: 'pages.advances',
                area: 'finance',
                access: access.advances,
              }),
              areaRoute(paths.finance.assets.path, {
                title: 'pages.assets',
                area: 'finance',
                access: access.assets,
              }),
              areaRoute(paths.finance.expenses.path, {
                title: 'pages.expenses',
                area: 'finance',
                access: access.expenses,
              }),
              areaRoute(paths.finance.grants.path, {
                title: 'pages.grants',
                area: 'finance',
                access: access.grants,
              }),
              areaRoute(paths.finance.payroll.path, {
                title: 'pages.payroll',
                area: 'finance',
                access: access.payroll,
              }),
              areaRoute(paths.finance.salarySettings.path, {
                title: 'pages.salarySettings',
                area: 'finance',
                access: access.salarySettings,
              }),
              areaRoute(paths.finance.salaryReport.path, {
                title: 'pages.salaryReport',
                area: 'finance',
                access: access.salaryReport,
              }),
              areaRoute(paths.finance.vaults.path, {
                title: 'pages.vaults',
                area: 'finance',
                access: access.vaults,
              }),

              {
                path: paths.hr.employees.list.path,
                lazy: page(() => import('./routes/employees/list')),
                handle: { title: 'pages.employees', area: 'hr', access: access.employees },
              },
              {
                path: paths.hr.employees.new.path,
                lazy: page(() => import('./routes/employees/new')),
                handle: { title: 'pages.employeeNew', area: 'hr', access: access.employeeNew },
              },
              {
                path: paths.hr.employees.settings.path,
                lazy: page(() => import('./routes/employees/settings')),
                handle: {
                  title: 'pages.employeeSettings',
                  area: 'hr',
                  access: access.employeeSettings,
                },
              },
              {
                path: paths.hr.employees.view.path,
                lazy: page(() => import('./routes/employees/view')),
                handle: { title: 'pages.employee', area: 'hr', access: access.employeeView },
              },
              {
                path: paths.hr.employees.update.path,
                lazy: page(() => import('./routes/employees/update')),
                handle: {
                  title: 'pages.employeeUpdate',
                  area: 'hr',
                  access: access.employeeUpdate,
                },
              },

              {
                path: paths.hr.members.list.path,
                lazy: page(() => import('./routes/members/list')),
                handle: { title: 'pages.members', area: 'hr', access: access.members },
              },
              {
                path: paths.hr.members.new.path,
                lazy: page(() => import('./routes/members/new')),
                handle: { title: 'pages.memberNew', area: 'hr', access: access.memberNew },
              },
              {
                path: paths.hr.members.settings.path,
                lazy: page(() => import('./routes/members/settings')),
                handle: {
                  title: 'pages.memberSettings',
                  area: 'hr',
                  access: access.memberSettings,
                },
              },
              {
                path: paths.hr.members.view.path,
                lazy: page(() => import('./routes/members/view')),
                handle: { title: 'pages.member', area: 'hr', access: access.memberView },
              },
              {
                path: paths.hr.members.update.path,
                lazy: page(() => import('./routes/members/update')),
                handle: { title: 'pages.memberUpdate', area: 'hr', access: access.memberUpdate },
              },
              {
                path: paths.hr.membersOldNew.path,
                element: <Navigate to={paths.hr.members.new.path} replace />,
              },

              {
                path: paths.hr.volunteers.list.path,
                lazy: page(() => import('./routes/volunteers/list')),
                handle: { title: 'pages.volunteers', area: 'hr', access: access.volunteers },
              },
              {
                path: paths.hr.volunteers.new.path,
                lazy: page(() => import('./routes/volunteers/new')),
                handle: { title: 'pages.volunteerNew', area: 'hr', access: access.volunteerNew },
              },
              {
                path: paths.hr.volunteers.settings.path,
                lazy: page(() => import('./routes/volunteers/settings')),
                handle: {
                  title: 'pages.volunteerSettings',
                  area: 'hr',
                  access: access.volunteerSettings,
                },
              },
              {
                path: paths.hr.volunteers.view.path,
                lazy: page(() => import('./routes/volunteers/view')),
                handle: { title: 'pages.volunteer', area: 'hr', access: access.volunteerView },
              },
              {
                path: paths.hr.volunteers.update.path,
                lazy: page(() => import('./routes/volunteers/update')),
                handle: {
                  title: 'pages.volunteerUpdate',
                  area: 'hr',
                  access: access.volunteerUpdate,
                },
              },

              areaRoute(paths.website.resources.path, {
                title: 'pages.resources',
                area: 'website',
                access: access.resources,
              }),
              areaRoute(paths.website.topics.path, {
                title: 'pages.topics',
                area: 'website',
                access: access.topics,
              }),
              areaRoute(paths.website.topic.path, {
                title: 'pages.topic',
                area: 'website',
                access: access.topicView,
              }),

              areaRoute(paths.projects.list.path, {
                title: 'pages.projects',
                area: 'projects',
                access: access.projects,
              }),
              areaRoute(paths.projects.new.path, {
                title: 'pages.projectNew',
                area: 'projects',
                access: access.projectNew,
              }),
              areaRoute(paths.projects.view.path, {
                title: 'pages.project',
                area: 'projects',
                access: access.projectView,
              }),
              areaRoute(paths.projects.update.path, {
                title: 'pages.projectUpdate',
                area: 'projects',
                access: access.projectUpdate,
              }),

              {
                path: paths.settings.backups.path,
                lazy: page(() => import('./routes/settings/backups')),
                handle: { title: 'pages.backups', area: 'settings', access: access.backups },
              },
              {
                path: paths.users.list.path,
                lazy: page(() => import('./routes/users/list')),
                handle: { title: 'pages.users', area: 'users', access: access.users },
              },
              {
                path: paths.users.new.path,
                lazy: page(() => import('./routes/users/new')),
                handle: { title: 'pages.userNew', area: 'users', access: access.userNew },
              },
              {
                path: paths.users.roles.list.path,
                lazy: page(() => import('./routes/roles/list')),
                handle: { title: 'pages.roles', area: 'users', access: access.roles },
              },
              {
                path: paths.users.roles.new.path,
                lazy: page(() => import('./routes/roles/new')),
                handle: { title: 'pages.roleNew', area: 'users', access: access.roleNew },
              },
              {
                path: paths.users.roles.view.path,
                lazy: page(() => import('./routes/roles/view')),
                handle: { title: 'pages.role', area: 'users', access: access.roleView },
              },
              {
                path: paths.users.roles.update.path,
                lazy: page(() => import('./routes/roles/update')),
                handle: { title: 'pages.roleUpdate', area: 'users', access: access.roleUpdate },
              },
              {
                path: paths.users.view.path,
                lazy: page(() => import('./routes/users/view')),
                handle: { title: 'pages.user', area: 'users', access: access.userView },
              },
              {
                path: paths.users.update.path,
                lazy: page(() => import('./routes/users/update')),
                handle: { title: 'pages.userUpdate', area: 'users', access: access.userUpdate },
              },

              { path: '*', lazy: page(() => import('./routes/not-found')) },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
