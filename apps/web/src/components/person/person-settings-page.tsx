import type { ComponentType } from 'react';
import { PageFrame } from '@/components/page/page-frame';
import { useCanAct } from '@/components/resource/common/use-can-act';
import { paths } from '@/config/paths';
import { personPaths, usePersonTexts, type PersonKindName } from './person-kind';

/** The kind's settings (its option collection), under its list in the breadcrumbs. */
export function PersonSettingsPage({
  kind,
  Settings,
}: {
  kind: PersonKindName;
  Settings: ComponentType;
}) {
  const { t, list } = usePersonTexts(kind);
  const canList = useCanAct(kind.collection, 'list');
  const title = t(`pages.${kind.one}Settings`);
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        {
          label: list,
          to: canList ? personPaths(kind).list.getHref() : undefined,
        },
        { label: title },
      ]}
    >
      <Settings />
    </PageFrame>
  );
}
