import type { DemoSeed } from './demo-seed';

/** Two running projects that staff and volunteer hours point at. */
export async function seedProjectsDemo({ create, count }: DemoSeed): Promise<void> {
  await create('projects', {
    title: 'Clean water for Kassala villages',
    place: 'Kassala',
    starting_date: '2026-02-01',
    end_date: '2026-12-31',
    details: '<p>Rehabilitating wells and training water committees in twelve villages.</p>',
    objectives: '<ul><li>12 wells repaired</li><li>24 committee members trained</li></ul>',
  });
  await create('projects', {
    title: 'Adult literacy circles',
    place: 'Omdurman',
    starting_date: '2026-01-15',
    end_date: '2026-09-30',
    details: '<p>Evening reading circles for women in three neighbourhoods.</p>',
  });
  count('projects', 2);
}
