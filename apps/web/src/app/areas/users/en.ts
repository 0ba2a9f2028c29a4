/** English texts of the users area; merged into the dictionary with the area (see ../index.ts). */
export const en = {
  nav: {
    links: {
      allUsers: 'All Users',
      createUser: 'Create User',
    },
  },
  pages: {
    users: 'Users List',
    userNew: 'Create New User',
    user: 'User',
    userUpdate: 'Update User',
  },
  users: {
    status: {
      ACTIVE: 'Active',
      SUSPENDED: 'Suspended',
    },
    // What the users list shows that is no declared field (the account's email is the server's).
    columns: {
      user: 'User',
      email: 'Email',
    },
    list: {
      create: 'Create New User',
      search: 'Search by name or email',
      empty: 'No users yet.',
    },
    form: {
      nameRequired: 'Enter the name of the new user',
      emailInvalid: 'Enter valid email: address',
      statusRequired: 'Select the status of the user',
      rolesRequired: 'Please Select one role at least',
      bioPlaceholder: 'Tell us about the user',
      roles: 'Select Roles',
      rolesSelected: '{{count}} Selected',
      noRoles: 'There are no roles yet. Create a role first.',
    },
    created: {
      title: 'User created',
      body: 'User has been created',
    },
    updated: {
      title: 'User updated',
      body: 'User has been updated',
    },
    actions: {
      title: 'Account',
      suspend: 'Suspend account',
      activate: 'Activate account',
      suspendHelp: 'A suspended user can no longer sign in.',
      activateHelp: 'The user will be able to sign in again.',
      suspendTitle: 'Suspend this account?',
      activateTitle: 'Activate this account?',
      suspendConfirm: '{{name}} will no longer be able to sign in.',
      activateConfirm: '{{name}} will be able to sign in again.',
      suspended: 'The account has been suspended.',
      activated: 'The account has been activated.',
      resetPassword: 'Reset to default password',
      resetPasswordHelp:
        'The user will sign in with the default password and must then choose a new one.',
      resetPasswordTitle: 'Reset the password?',
      resetPasswordConfirm:
        "{{name}}'s password will be replaced by the default password. You can't undo this operation.",
      passwordReset: 'The password has been reset to the default password.',
    },
  },
  // One name per declared field of a user, on every screen that shows it.
  fields: {
    users: {
      name: 'Name',
      avatar: 'Avatar',
      bio: 'Bio',
      roles: 'Roles',
      status: 'Status',
    },
  },
} as const;
