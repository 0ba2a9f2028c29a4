import { IconArticle, IconPaperclip } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { anyPermission } from '@/lib/permissions';
import { areaStrings, type AreaModule } from '../area';
import { placeholderScreen } from '../placeholder';

const to = paths.website;
// No website collection is declared yet: until they are, each screen names its permission.
const can = {
  topics: anyPermission('topics.read'),
  topic: anyPermission('topics.read', 'articles.read'),
  resources: anyPermission('resources.read'),
};

/** The public website's content (screens of a later issue: placeholders for now). */
export const websiteArea: AreaModule = {
  id: 'website',
  routes: [
    {
      path: to.resources.path,
      layout: 'default',
      title: 'pages.resources',
      access: can.resources,
      screen: placeholderScreen,
    },
    {
      path: to.topics.path,
      layout: 'default',
      title: 'pages.topics',
      access: can.topics,
      screen: placeholderScreen,
    },
    {
      path: to.topic.path,
      layout: 'default',
      title: 'pages.topic',
      access: can.topic,
      screen: placeholderScreen,
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
  strings: areaStrings(
    () => import('./en'),
    () => import('./ar'),
  ),
};
