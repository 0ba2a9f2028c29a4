/** English texts of the activity monitor; merged into the dictionary with the area (see ../index.ts). */
export const en = {
  nav: {
    links: {
      allOperations: 'All Operations',
      monitorHr: 'HR',
      monitorProjects: 'Projects',
      monitorFinance: 'Finance',
      monitorWebsite: 'Website',
    },
  },
  pages: {
    monitor: {
      all: "Users' Activities Monitor",
      hr: "Users' Activities Monitor [HR]",
      projects: "Users' Activities Monitor [Projects]",
      finance: "Users' Activities Monitor [Finance]",
      website: "Users' Activities Monitor [Website]",
    },
  },
  monitor: {
    search: 'Search by person, collection or record',
    when: 'When',
    actor: 'By',
    action: 'Action',
    collection: 'Collection',
    categories: 'Categories',
    view: 'View',
    details: 'Data View',
    changes: 'Changes',
    noChanges: 'No field changed.',
    field: 'Field',
    before: 'Before',
    after: 'After',
    oldValue: 'Old Value',
    newValue: 'New Value',
    system: 'System',
    empty: 'No activity recorded yet.',
  },
} as const;
