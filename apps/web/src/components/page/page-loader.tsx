import { Center, Loader } from '@mantine/core';
import { useTranslation } from '@/lib/i18n/use-translation';

/** A centred spinner for a screen whose data is loading. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih={240} role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}
