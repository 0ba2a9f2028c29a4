/** English texts of the dashboard; merged into the dictionary with the area (see ../index.ts). */
export const en = {
  pages: {
    dashboard: 'Dashboard',
  },
  dashboard: {
    greeting: {
      morning: 'Good morning, {{name}}',
      afternoon: 'Good afternoon, {{name}}',
      evening: 'Good evening, {{name}}',
      night: 'Good night, {{name}}',
    },
    subtitle: 'Here is what you can do today.',
    shortcuts: 'Shortcuts',
    noShortcuts: 'Your roles do not give access to any screen yet. Ask an administrator.',
    recentActivity: 'Your recent activity',
    noActivity: 'No activity recorded yet.',
  },
} as const;
