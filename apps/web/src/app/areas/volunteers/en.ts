import { personFieldsEn } from '../person-fields';
/** English texts of the volunteers area; merged into the dictionary with the area (see ../index.ts). */
export const en = {
  nav: {
    links: {
      allVolunteers: 'All Volunteers',
      createVolunteer: 'Create Volunteer',
      volunteerSettings: 'Volunteer settings',
    },
  },
  pages: {
    volunteers: 'Volunteers List',
    volunteerNew: 'Create New Volunteer',
    volunteerSettings: 'Volunteer settings',
    volunteer: 'Volunteer',
    volunteerUpdate: 'Update Volunteer',
  },
  volunteers: {
    availability: {
      'Weekday mornings': 'Weekday mornings',
      'Weekday afternoons': 'Weekday afternoons',
      'Weekday evenings': 'Weekday evenings',
      Weekends: 'Weekends',
      Remote: 'Remote',
    },
    steps: {
      volunteering: 'Volunteering',
    },
    tabs: {
      overview: 'Overview',
      hours: 'Hours',
    },
    list: {
      person: 'Volunteer',
      skillFilter: 'Skill',
      create: 'Create Volunteer',
      search: 'Search by name, email or phone',
      empty: 'No volunteers yet.',
      settings: 'Volunteer settings',
    },
    form: {
      skillsPlaceholder: 'Choose skills',
      noSkills: 'There are no skills yet. Add them in the volunteers settings.',
      availabilityPlaceholder: 'When can they help?',
    },
    profile: {
      since: 'Volunteering since {{since}}',
      noJoiningDate: 'Joining date not recorded',
    },
    hours: {
      title: 'Logged hours',
      summary: 'Hours summary',
      total: 'Total hours',
      thisYear: 'This year',
      entries: 'Entries',
      byProject: 'Hours by project',
      noProject: 'No project',
      value: '{{hours}} h',
      log: 'Log hours',
      logFromActivity: 'Log volunteer hours',
      logTitle: 'Log hours',
      editTitle: 'Update hours',
      edit: 'Update entry',
      editOf: 'Update the entry of {{date}}',
      removeOf: 'Remove the entry of {{date}}',
      removeConfirm: "{{hours}} h on {{date}} will be removed. You can't undo this operation",
      logged: 'The hours have been logged.',
      updated: 'The entry has been updated.',
      empty: 'No hours logged yet.',
      emptyHint: 'Log the hours this volunteer gives, by date and project.',
      hoursHint: 'From 0.25 to 24, e.g. 1.5',
      projectPlaceholder: 'No project',
      activityPlaceholder: 'e.g. Food distribution',
      dateRequired: 'Enter the date',
      dateFuture: 'Hours cannot be logged in the future',
      hoursRange: 'Enter hours from 0.25 to 24',
    },
    skills: {
      title: 'Skills',
      help: 'The skills volunteers can have; the list filters by them.',
      add: 'Add skill',
      addTitle: 'Add skill',
      editTitle: 'Update skill',
      empty: 'No skills yet.',
    },
    created: {
      title: 'Volunteer created',
      body: '{{name}} has been created',
    },
    updated: {
      title: 'Volunteer updated',
      body: '{{name}} has been updated',
    },
    import: {
      title: 'Import volunteers from CSV',
      done: '{{count}} volunteers imported.',
    },
    danger: {
      help: 'Removing this volunteer is permanent, with all their logged hours.',
      confirm: "{{name}} and all their logged hours will be removed. You can't undo this operation",
    },
  },
  fields: {
    volunteer_skills: {
      title: 'Title',
      description: 'Description',
    },
    volunteers: {
      ...personFieldsEn,
      status: 'Status',
      skills: 'Skills',
      availability: 'Availability',
    },
    volunteer_hours: {
      volunteer: 'Volunteer',
      date: 'Date',
      hours: 'Hours',
      project: 'Project',
      activity: 'Activity',
      note: 'Note',
    },
  },
} as const;
