import { IconArticle, IconPaperclip } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { blogArticles, blogTopics, websiteResources } from '@app/schema';
import { screenAccess } from '@/lib/permissions';
import { areaStrings, type AreaModule } from '../area';

const to = paths.website;
// Guests may read published content, but these screens are the editors': the read permissions.
const can = {
  topics: screenAccess(blogTopics, 'list'),
  // A topic's page is its articles (topics themselves are public).
  topic: screenAccess(blogArticles, 'list'),
  resources: screenAccess(websiteResources, 'list'),
};

/** The public website's content: topics and their articles, and resources. */
export const websiteArea: AreaModule = {
  id: 'website',
  routes: [
    {
      path: to.resources.path,
      layout: 'default',
      title: 'pages.resources',
      access: can.resources,
      screen: () => import('../../routes/website/resources'),
    },
    {
      path: to.topics.path,
      layout: 'default',
      title: 'pages.topics',
      access: can.topics,
      screen: () => import('../../routes/website/topics'),
    },
    {
      path: to.topic.path,
      layout: 'default',
      title: 'pages.topic',
      access: can.topic,
      screen: () => import('../../routes/website/topic'),
    },
  ],
  nav: {
    section: 'website',
    groups: [
      [
        {
          id: 'topics',
          label: 'nav.links.topics',
          to: to.topics.getHref(),
          icon: IconArticle,
          access: can.topics,
        },
        {
          id: 'resources',
          label: 'nav.links.resources',
          to: to.resources.getHref(),
          icon: IconPaperclip,
          access: can.resources,
        },
      ],
    ],
  },
  strings: areaStrings('website'),
};
