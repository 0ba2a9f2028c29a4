import type { CollectionDef } from '../collection';
import { ALL_PERMISSIONS } from '../permissions';

export const ACTIVITY_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'SIGN_IN',
  'SIGN_IN_FAILED',
  'PASSWORD_CHANGE',
  'PASSWORD_RESET',
  'EMAIL_CHANGE',
  'ROLE_CHANGE',
  'BACKUP_CREATE',
  'BACKUP_UPLOAD',
  'BACKUP_DELETE',
  'BACKUP_RESTORE',
  /** An authenticator app enrolled, removed, or reset by an administrator (the comment says which). */
  'TWO_FACTOR_CHANGE',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Who must use a second factor at sign-in (organisation_settings.two_factor). */
export const TWO_FACTOR_POLICIES = ['sensitive', 'everyone', 'enrolled'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

export const AUDIT_CATEGORIES = [
  'hr',
  'projects',
  'finance',
  'website',
  'users',
  'employees',
  'members',
  'volunteers',
  'roles',
  'hr_settings',
  'project_activities',
  'assets',
  'donations',
  'expenses',
  'payroll',
  'advances',
  'allowances',
  'deductions',
  'vaults',
  'web_topics',
  'web_articles',
  'web_resources',
  'auth',
  'settings',
] as const;

export const roles = {
  name: 'roles',
  type: 'base',
  label: 'Roles',
  fields: [
    { name: 'title', type: 'text', required: true, max: 100 },
    { name: 'description', type: 'text', max: 5000 },
    {
      name: 'permissions',
      type: 'select',
      values: ALL_PERMISSIONS,
      maxSelect: ALL_PERMISSIONS.length,
    },
  ],
  indexes: [{ columns: ['title'], unique: true, lower: true }],
  access: {
    // Anyone signed in may read the roles they hold, so the web can mirror their permissions.
    list: { permission: 'roles.read', ownRule: '@request.auth.roles:each ?= id' },
    view: { permission: 'roles.read', ownRule: '@request.auth.roles:each ?= id' },
    create: { permission: 'roles.create' },
    update: { permission: 'roles.update' },
    delete: { permission: 'roles.remove' },
  },
  audit: ['hr', 'roles'],
} as const satisfies CollectionDef;

export const users = {
  name: 'users',
  type: 'auth',
  label: 'Users',
  fields: [
    { name: 'name', type: 'text', required: true, max: 200 },
    {
      name: 'avatar',
      type: 'file',
      maxSelect: 1,
      maxSize: 5 * 1024 * 1024,
      mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/svg+xml'],
      thumbs: ['100x100', '200x200'],
    },
    { name: 'bio', type: 'text', max: 2000 },
    {
      name: 'roles',
      type: 'relation',
      collection: 'roles',
      maxSelect: 50,
      restrictDelete: true,
      permission: 'users.update',
    },
    { name: 'status', type: 'select', values: ['ACTIVE', 'SUSPENDED'], maxSelect: 1 },
  ],
  indexes: [{ columns: ['name'], lower: true }],
  access: {
    list: { permission: 'users.read', ownRule: 'id = @request.auth.id' },
    view: { permission: 'users.read', ownRule: 'id = @request.auth.id' },
    create: { permission: 'users.create' },
    update: { permission: 'users.update', ownRule: 'id = @request.auth.id' },
    delete: { permission: 'users.remove' },
  },
  audit: ['users'],
  selfEditable: ['name', 'avatar', 'bio', 'emailVisibility'],
  auth: { activeField: 'status', activeValue: 'ACTIVE', minPasswordLength: 8 },
} as const satisfies CollectionDef;

/**
 * The audit trail. Written only by the server, in the same transaction as the change;
 * nobody can create, edit or delete it through the API.
 */
export const userActivities = {
  name: 'user_activities',
  type: 'base',
  label: 'Activity monitor',
  fields: [
    { name: 'actor', type: 'text', max: 15 },
    { name: 'actor_collection', type: 'text', max: 50 },
    { name: 'actor_name', type: 'text', max: 200 },
    { name: 'actor_email', type: 'text', max: 255 },
    { name: 'action', type: 'select', values: ACTIVITY_ACTIONS, maxSelect: 1, required: true },
    { name: 'collection', type: 'text', max: 100 },
    { name: 'record', type: 'text', max: 15 },
    {
      name: 'categories',
      type: 'select',
      values: AUDIT_CATEGORIES,
      maxSelect: AUDIT_CATEGORIES.length,
    },
    { name: 'before', type: 'json' },
    { name: 'after', type: 'json' },
    { name: 'ip', type: 'text', max: 100 },
    { name: 'comment', type: 'text', max: 2000 },
    // Added later (new columns come last). The record's name or title when the change was
    // written, so the monitor says what changed in words and can search it.
    { name: 'record_title', type: 'text', max: 300 },
    // The record this one belongs to (its collection's `heldBy`: a budget line's project), so
    // that record's history takes it in.
    { name: 'held_by', type: 'text', max: 15 },
  ],
  indexes: [
    { columns: ['created'] },
    { columns: ['collection', 'record'] },
    { columns: ['actor'] },
    { columns: ['record_title'], search: true },
    { columns: ['held_by'] },
  ],
  access: {
    // Everyone may see their own trail (the dashboard's "recent activity").
    list: { permission: 'activity_monitor.read', ownRule: 'actor = @request.auth.id' },
    view: { permission: 'activity_monitor.read', ownRule: 'actor = @request.auth.id' },
    create: null,
    update: null,
    delete: null,
  },
  audit: [],
} as const satisfies CollectionDef;

/** The one row of `organisation_settings` (made by its migration; never created nor deleted). */
export const ORGANISATION_SETTINGS_ID = 'organisation001';

/**
 * The organisation's own settings, one row that administrators change from the settings screen.
 * Every signed-in account reads it (screens say what the rules are); `settings.update` changes it.
 */
export const organisationSettings = {
  name: 'organisation_settings',
  type: 'base',
  label: 'Organisation settings',
  // One row: the monitor names it by what it is.
  auditTitle: 'Organisation settings',
  fields: [
    /**
     * Off (the default): nobody approves, or approves the bills of, what they recorded or what is
     * for them. On, for very small organisations: allowed, and each such approval says so in the
     * activity monitor.
     */
    { name: 'allow_self_approval', label: 'Allow self-approval', type: 'bool' },
    /**
     * Who must sign in with a second factor (domain/two-factor.ts): `sensitive` (also when empty)
     * = every account holding a permission that moves money or manages accounts, roles or backups;
     * `everyone`; `enrolled` = only the accounts that enrolled an authenticator app.
     */
    {
      name: 'two_factor',
      label: 'Two-step sign-in',
      type: 'select',
      values: TWO_FACTOR_POLICIES,
      maxSelect: 1,
    },
    /** Printed at the top of every document the server prints (payslips, reports). */
    { name: 'name', label: 'Organisation name', type: 'text', max: 200 },
    { name: 'address', label: 'Address', type: 'text', max: 1000 },
    {
      name: 'logo',
      label: 'Logo',
      type: 'file',
      maxSelect: 1,
      maxSize: 1024 * 1024,
      // Pictures the PDF printer embeds as they are (no SVG: it can hold scripts and links).
      mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
      thumbs: ['200x200'],
      protected: true,
    },
  ],
  access: {
    list: { ownRule: '' },
    view: { ownRule: '' },
    create: null,
    update: { permission: 'settings.update' },
    delete: null,
  },
  audit: ['settings'],
} as const satisfies CollectionDef;
