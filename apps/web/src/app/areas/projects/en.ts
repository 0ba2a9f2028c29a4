/** English texts of the projects area (screens to come); merged into the dictionary with the area (see ../index.ts). */
export const en = {
  nav: {
    links: {
      allProjects: 'All Projects',
      createProjects: 'Create Projects',
    },
  },
  pages: {
    projects: 'Projects List',
    projectNew: 'Create New Project',
    project: 'Project',
    projectUpdate: 'Update Project Details',
    projectReport: 'Project Report',
    activity: 'Activity',
  },
} as const;
