import type { CollectionDef } from '../collection';

export const projects = {
  name: 'projects',
  type: 'base',
  label: 'Projects',
  fields: [
    { name: 'title', type: 'text', required: true, min: 3, max: 300 },
    { name: 'place', type: 'text', max: 300 },
    { name: 'starting_date', type: 'date' },
    { name: 'end_date', type: 'date' },
    { name: 'details', type: 'editor', max: 100000 },
    { name: 'objectives', type: 'editor', max: 100000 },
    { name: 'targeted_groups', type: 'editor', max: 100000 },
    { name: 'context_dependant_topics', type: 'editor', max: 100000 },
    { name: 'narrative_report', type: 'editor', max: 200000 },
  ],
  indexes: [{ columns: ['title'], lower: true }],
  access: {
    list: { permission: 'projects.read' },
    view: { permission: 'projects.read' },
    create: { permission: 'projects.create' },
    update: { permission: 'projects.update' },
    delete: { permission: 'projects.remove' },
  },
  audit: ['projects'],
} as const satisfies CollectionDef;
