import { Anchor } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { RecordSection } from '@/components/resource/record-section';
import { paths } from '@/config/paths';
import { TOPICS, type TopicRecord } from '../api';
import { websiteTexts } from './texts';

type TopicValues = { title: string; description: string };

/** /manage-website/topics: the blog's topics; each opens its articles. */
export function TopicsScreen() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('pages.topics')}
      description={t('website.topics.help')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('nav.modules.website') },
        { label: t('pages.topics') },
      ]}
    >
      <RecordSection<TopicRecord, TopicValues>
        collection={TOPICS}
        list={{ sort: 'title' }}
        title={t('website.topics.title')}
        emptyTitle={t('website.topics.empty')}
        minWidth={560}
        columns={[
          {
            field: 'title',
            strong: true,
            render: (r) => (
              <Anchor component={Link} to={paths.website.topic.getHref(r.id)}>
                {r.title}
              </Anchor>
            ),
          },
          { field: 'description', long: true },
        ]}
        texts={websiteTexts<TopicRecord>(t, 'topics', (r) => r.title)}
        dialog={{
          size: 'md',
          fields: [{ name: 'title' }, { name: 'description', widget: 'textarea' }],
          initialValues: (r) => ({ title: r?.title ?? '', description: r?.description ?? '' }),
          toBody: (v) => ({ title: v.title.trim(), description: v.description.trim() }),
        }}
      />
    </PageFrame>
  );
}
