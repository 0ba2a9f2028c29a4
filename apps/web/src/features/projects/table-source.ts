import type { TableSource } from '@/lib/data/table-source';

/** The projects list's request: read by the table and by its route, which sends it ahead. */
export const PROJECTS_TABLE = {
  collection: 'projects',
  // The old app's `details:excerpt`, so the long texts stay on the server.
  fields:
    '*,details:excerpt(1,true),objectives:excerpt(1,true),targeted_groups:excerpt(1,true),context_dependant_topics:excerpt(1,true),narrative_report:excerpt(1,true),expand.manager.name,expand.manager.id',
  expand: 'manager',
  defaultSort: '-created',
} as const satisfies TableSource;
