/** English texts of the website area (screens to come); merged into the dictionary with the area (see ../index.ts). */
export const en = {
  nav: {
    links: {
      topics: 'Topics & Articles',
      resources: 'Resources',
    },
  },
  pages: {
    resources: 'Resources',
    topics: 'Manage Topics & Articles',
    topic: 'Topic',
  },
} as const;
