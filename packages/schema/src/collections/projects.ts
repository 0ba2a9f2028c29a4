import type { CollectionDef } from '../collection';

/** A project's life: planned, running, then closed (done) or cancelled. */
export const PROJECT_STATUSES = ['Planned', 'Active', 'Closed', 'Cancelled'] as const;

/** Who a staff line points at: an employee or a member (the field of the same name holds the id). */
export const STAFF_TYPES = ['employee', 'member'] as const;

export const projects = {
  name: 'projects',
  type: 'base',
  label: 'Projects',
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, min: 3, max: 300 },
    { name: 'place', label: 'Place', type: 'text', max: 300 },
    { name: 'starting_date', label: 'Starting date', type: 'date' },
    { name: 'end_date', label: 'End date', type: 'date' },
    { name: 'details', type: 'editor', max: 100000 },
    { name: 'objectives', type: 'editor', max: 100000 },
    { name: 'targeted_groups', type: 'editor', max: 100000 },
    { name: 'context_dependant_topics', type: 'editor', max: 100000 },
    { name: 'narrative_report', type: 'editor', max: 200000 },
    // Added after the first release: new columns come last, as the table has them.
    // P-00001, …: given by the server from a sequence, never by the client.
    { name: 'code', label: 'Code', type: 'text', max: 20, readOnly: true },
    // Unset on create means Planned (set by the server).
    { name: 'status', label: 'Status', type: 'select', values: PROJECT_STATUSES, maxSelect: 1 },
    {
      name: 'manager',
      label: 'Manager',
      type: 'relation',
      collection: 'employees',
      maxSelect: 1,
    },
  ],
  indexes: [
    { columns: ['title'], lower: true },
    { columns: ['title'], search: true },
    // Not unique: projects that predate codes all hold '' until migration 0006 numbers them.
    { columns: ['code'] },
    { columns: ['status'] },
    { columns: ['manager'] },
  ],
  access: {
    list: { permission: 'projects.read' },
    view: { permission: 'projects.read' },
    create: { permission: 'projects.create' },
    update: { permission: 'projects.update' },
    delete: { permission: 'projects.remove' },
  },
  audit: ['projects'],
} as const satisfies CollectionDef;

export const projectActivities = {
  name: 'projects_activities',
  type: 'base',
  label: 'Activities',
  fields: [
    {
      name: 'project',
      label: 'Project',
      type: 'relation',
      collection: 'projects',
      maxSelect: 1,
      required: true,
      // A project with activities cannot be deleted: the refusal names them.
      restrictDelete: true,
    },
    { name: 'title', label: 'Title', type: 'text', required: true, min: 3, max: 300 },
    { name: 'place', label: 'Place', type: 'text', max: 300 },
    { name: 'starting_date', label: 'Starting date', type: 'date' },
    { name: 'end_date', label: 'End date', type: 'date' },
    {
      name: 'audience_count',
      label: 'Number of participants',
      type: 'number',
      onlyInt: true,
      min: 0,
      max: 10000000,
    },
    { name: 'description', type: 'editor', max: 100000 },
    { name: 'participants', type: 'editor', max: 100000 },
    { name: 'partners', type: 'editor', max: 100000 },
    { name: 'challenges', type: 'editor', max: 100000 },
    { name: 'how_challenges_faced', type: 'editor', max: 100000 },
    { name: 'success_stories', type: 'editor', max: 100000 },
    { name: 'lessons', type: 'editor', max: 100000 },
    { name: 'recommendations', type: 'editor', max: 100000 },
  ],
  indexes: [{ columns: ['project'] }, { columns: ['title'], search: true }],
  access: {
    list: { permission: 'activities.read' },
    view: { permission: 'activities.read' },
    create: { permission: 'activities.create' },
    update: { permission: 'activities.update' },
    delete: { permission: 'activities.remove' },
  },
  audit: ['project_activities', 'projects'],
} as const satisfies CollectionDef;

/** The timeline fields shared by projects and activities; `owner` is `project` or `activity`. */
function timelineFields<O extends string, C extends string, T extends string>(
  owner: O,
  ownerCollection: C,
  self: T,
) {
  return [
    {
      name: owner,
      type: 'relation',
      collection: ownerCollection,
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    // The author, set by the server; empty on posts the server writes ("Status changed").
    {
      name: 'creator',
      label: 'Author',
      type: 'relation',
      collection: 'employees',
      maxSelect: 1,
      readOnly: true,
    },
    { name: 'title', label: 'Subject', type: 'text', min: 3, max: 300 },
    { name: 'post', label: 'Details', type: 'editor', required: true, max: 50000 },
    {
      name: 'reply_to',
      label: 'Reply to',
      type: 'relation',
      collection: self,
      maxSelect: 1,
      cascadeDelete: true,
    },
    // Added with the outbox: photos taken in the field (the app shrinks them before they wait).
    {
      name: 'photos',
      label: 'Photos',
      type: 'file',
      maxSelect: 10,
      maxSize: 10 * 1024 * 1024,
      mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
      thumbs: ['200x200', '800x0'],
    },
  ] as const;
}

export const projectTimelines = {
  name: 'projects_timelines',
  type: 'base',
  label: 'Project timeline',
  fields: timelineFields('project', 'projects', 'projects_timelines'),
  indexes: [{ columns: ['project', 'created'] }, { columns: ['reply_to'] }],
  access: {
    list: { permission: 'project_timeline.read' },
    view: { permission: 'project_timeline.read' },
    create: { permission: 'project_timeline.post' },
    // Authors correct their own posts; whoever may change the project moderates them all.
    update: { permission: 'projects.update', ownRule: 'creator = @request.auth.id' },
    delete: { permission: 'projects.update', ownRule: 'creator = @request.auth.id' },
  },
  selfEditable: ['title', 'post'],
  audit: ['projects'],
  heldBy: 'project',
} as const satisfies CollectionDef;

export const activityTimelines = {
  name: 'activities_timelines',
  type: 'base',
  label: 'Activity timeline',
  fields: timelineFields('activity', 'projects_activities', 'activities_timelines'),
  indexes: [{ columns: ['activity', 'created'] }, { columns: ['reply_to'] }],
  access: {
    list: { permission: 'activity_timeline.read' },
    view: { permission: 'activity_timeline.read' },
    create: { permission: 'activity_timeline.post' },
    update: { permission: 'activities.update', ownRule: 'creator = @request.auth.id' },
    delete: { permission: 'activities.update', ownRule: 'creator = @request.auth.id' },
  },
  selfEditable: ['title', 'post'],
  audit: ['project_activities', 'projects'],
  heldBy: 'activity',
} as const satisfies CollectionDef;

/** Staff fields shared by projects and activities. */
function staffFields<O extends string, C extends string>(owner: O, ownerCollection: C) {
  return [
    {
      name: owner,
      type: 'relation',
      collection: ownerCollection,
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    // Left out, the server takes it from which one of employee / member is set.
    {
      name: 'type',
      label: 'Type',
      type: 'select',
      values: STAFF_TYPES,
      maxSelect: 1,
    },
    // Exactly one of employee / member is set, the one `type` names (checked by the server).
    {
      name: 'employee',
      label: 'Employee',
      type: 'relation',
      collection: 'employees',
      maxSelect: 1,
      cascadeDelete: true,
    },
    {
      name: 'member',
      label: 'Member',
      type: 'relation',
      collection: 'members',
      maxSelect: 1,
      cascadeDelete: true,
    },
    { name: 'position', label: 'Position', type: 'text', required: true, min: 3, max: 200 },
    { name: 'description', label: 'Job description', type: 'text', max: 5000 },
  ] as const;
}

export const projectStaff = {
  name: 'projects_staff',
  auditTitle: '{employee}{member}',
  type: 'base',
  label: 'Project staff',
  fields: staffFields('project', 'projects'),
  indexes: [{ columns: ['project'] }, { columns: ['employee'] }, { columns: ['member'] }],
  access: {
    list: { permission: 'project_staff.read' },
    view: { permission: 'project_staff.read' },
    create: { permission: 'project_staff.create' },
    update: { permission: 'project_staff.update' },
    delete: { permission: 'project_staff.remove' },
  },
  audit: ['projects', 'hr'],
  heldBy: 'project',
} as const satisfies CollectionDef;

export const activityStaff = {
  name: 'activities_staff',
  auditTitle: '{employee}{member}',
  type: 'base',
  label: 'Activity staff',
  fields: staffFields('activity', 'projects_activities'),
  indexes: [{ columns: ['activity'] }, { columns: ['employee'] }, { columns: ['member'] }],
  access: {
    list: { permission: 'activity_staff.read' },
    view: { permission: 'activity_staff.read' },
    create: { permission: 'activity_staff.create' },
    update: { permission: 'activity_staff.update' },
    delete: { permission: 'activity_staff.remove' },
  },
  audit: ['projects', 'project_activities', 'hr'],
  heldBy: 'activity',
} as const satisfies CollectionDef;

/**
 * A committee: who may create financial requests (or purchases) of a project and who may change
 * their status. One row per (project, employee), so a request's query joins it on both columns.
 */
function committee<N extends string, L extends string>(name: N, label: L) {
  return {
    name,
    type: 'base',
    label,
    fields: [
      {
        name: 'project',
        label: 'Project',
        type: 'relation',
        collection: 'projects',
        maxSelect: 1,
        required: true,
        cascadeDelete: true,
      },
      // Active employees only (checked by the server in the same transaction).
      {
        name: 'employee',
        label: 'Member',
        type: 'relation',
        collection: 'employees',
        maxSelect: 1,
        required: true,
        cascadeDelete: true,
      },
      { name: 'can_create', label: 'Can create', type: 'bool' },
      { name: 'can_update_status', label: 'Can update status', type: 'bool' },
    ],
    indexes: [{ columns: ['project', 'employee'], unique: true }, { columns: ['employee'] }],
    access: {
      list: { permission: 'projects.read' },
      view: { permission: 'projects.read' },
      // Seats decide who approves a project's money: a permission of their own, and nobody
      // changes their own seat (checked by the server).
      create: { permission: 'project_committees.manage' },
      update: { permission: 'project_committees.manage' },
      delete: { permission: 'project_committees.manage' },
    },
    audit: ['projects'],
    auditTitle: '{employee}',
    heldBy: 'project',
  } as const satisfies CollectionDef;
}

export const projectFinancialCommittees = committee(
  'project_financial_committees',
  'Financial committee',
);
export const projectPurchasesCommittees = committee(
  'project_purchases_committees',
  'Purchases committee',
);
