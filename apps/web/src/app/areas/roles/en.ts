/** English texts of the roles area; merged into the dictionary with the area (see ../index.ts). */
export const en = {
  nav: {
    links: {
      roles: 'Roles',
      createRole: 'Create Role',
    },
  },
  pages: {
    roles: 'Roles List',
    roleNew: 'Create New Role',
    role: 'Role',
    roleUpdate: 'Update Role',
  },
  roles: {
    granted: '{{count}} Granted',
    selectAllOf: 'Select all of {{group}}',
    noPermissions: 'This role grants no permission.',
    // What the roles list shows that is no declared field.
    columns: {
      lastUpdate: 'Last update',
    },
    list: {
      create: 'Create New Role',
      search: 'Search roles',
      empty: 'No roles yet.',
      updateRole: 'Update {{title}}',
    },
    form: {
      titleRequired: 'Enter Valid title',
      permissionsRequired: 'Select at least one permission',
    },
    created: {
      title: 'Role created',
      body: 'Role has been created',
    },
    updated: {
      title: 'Role updated',
      body: 'Role has been updated ( {{title}} )',
    },
    danger: {
      title: 'Danger Zone',
      help: 'Remove this role. The server refuses while users or employees still hold it.',
      confirm: 'The role "{{title}}" will be removed. You can\'t undo this operation',
    },
  },
  // One name per declared field of a role, on every screen that shows it.
  fields: {
    roles: {
      title: 'Title',
      description: 'Description',
      permissions: 'Permissions',
    },
  },
} as const;
