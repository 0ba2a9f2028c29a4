import type { DemoSeed } from './demo-seed';

const paragraph = (text: string) => `<p>${text}</p>`;

/** A date some days before now, as the API takes it. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().replace('T', ' ');
}

/**
 * The public website's demo content: three topics, each with published articles and a draft,
 * and a published resource of every tag (plus a draft one). Posts published without a date
 * are stamped with the moment, so the dashboard counts them in this month.
 */
export async function seedWebsiteDemo({ create }: DemoSeed): Promise<void> {
  const water = await create('blog_topics', {
    title: 'Clean water',
    description: 'Wells, water committees and hygiene in the villages we work with.',
  });
  const learning = await create('blog_topics', {
    title: 'Learning',
    description: 'Literacy circles and the people who run them.',
  });
  const health = await create('blog_topics', {
    title: 'Health',
    description: 'Mobile health days, vaccination and nutrition.',
  });

  const articles: Array<[string, string, string, string, 'published' | 'draft', string?]> = [
    [
      water.id,
      'Twelve wells, one summer',
      'How the villages of Kassala repaired their wells before the dry season.',
      'Before the dry season began, the water committees of twelve villages met every week to plan the repairs. Pumps were replaced, the well heads rebuilt, and every committee learnt to keep a simple logbook of the work and of the money spent.',
      'published',
    ],
    [
      water.id,
      'Meet the Girba water committee',
      'Five neighbours who keep the water flowing.',
      'The Girba committee has five members, three of them women. They collect a small monthly fee from every family, keep the pump running, and call the technician when something breaks. Here is how a typical week looks for them.',
      'published',
      daysAgo(40),
    ],
    [
      water.id,
      'Hygiene day: what we learnt',
      'Notes from the awareness day (draft).',
      'Draft notes: attendance was higher than expected, the children enjoyed the handwashing games, and the mothers asked for a second session before the rains. Photos and figures still to be added before this goes out.',
      'draft',
    ],
    [
      learning.id,
      'The first reading circle',
      'Forty women, one evening a week.',
      'In Al Thawra, forty women now meet every Tuesday evening to read together. The facilitators were trained in January; by May most participants could read a short text aloud and write their names and those of their children.',
      'published',
    ],
    [
      learning.id,
      'Training facilitators',
      'Three days to prepare the circles (draft).',
      'Draft: the facilitator workshop covered how to open a circle, how to pace the lessons, and how to keep the women coming back week after week. We still need quotes from the facilitators.',
      'draft',
    ],
    [
      health.id,
      'Planning the mobile health days',
      'Working with the ministry on next year’s calendar.',
      'The mobile health days start next January. With the ministry we agreed on the villages to visit, the vaccines to bring, and how the nutrition screening will refer children who need care to the nearest clinic.',
      'published',
    ],
    [
      health.id,
      'Volunteers wanted for health days',
      'Nurses and drivers (draft).',
      'Draft call for volunteers: we are looking for nurses, drivers and people who can help with registration on the day. Details on dates and places will follow once the calendar is final.',
      'draft',
    ],
  ];
  for (const [topic, title, short_description, text, status, published_at] of articles)
    await create('blog_articles', {
      topic,
      title,
      short_description,
      full_text: paragraph(text),
      status,
      ...(published_at ? { published_at } : {}),
    });

  const resources: Array<[string, string, string, string, 'published' | 'draft']> = [
    [
      'Our wells on video',
      'videos',
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Our wells" width="560" height="315" allowfullscreen></iframe>',
      'A four-minute film about the well repairs, made with the villagers themselves.',
      'published',
    ],
    [
      'Podcast: voices from the circles',
      'podcasts',
      '',
      'Women from the reading circles talk about what reading changed in their daily lives.',
      'published',
    ],
    [
      'Handbook for water committees',
      'books',
      '',
      'A practical handbook for committees: meetings, fees, repairs and keeping records.',
      'published',
    ],
    [
      'Annual report 2025',
      'reports',
      '',
      'What we did in 2025, what it cost and what we learnt, with the audited accounts.',
      'published',
    ],
    [
      'Photo gallery of the health days',
      'others',
      '',
      'Pictures from the health days, shared with the consent of the families shown.',
      'published',
    ],
    [
      'Interview with the ministry (draft)',
      'videos',
      '',
      'Draft: an interview about next year’s health days, still being edited.',
      'draft',
    ],
  ];
  for (const [title, tag, embed_script, text, status] of resources)
    await create('website_resources', {
      title,
      tags: [tag],
      embed_script,
      full_text: paragraph(text),
      status,
    });
}
