import { useTranslation } from '@/lib/i18n/use-translation';
import { useMatches } from 'react-router';
import { AreaPlaceholder } from '@/components/page/area-placeholder';
import { paths } from '@/config/paths';
import { NAV_MODULES, visibleModules } from '../navigation';
import { isRouteHandle, type RouteHandle } from '../route-handle';
import { useAccessContext } from '../use-access-context';

function useLeafHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (isRouteHandle(handle) && handle.title) return handle;
  }
  return {};
}

/** Any screen of an area coming in a later release: its frame and the area's navigation. */
export default function AreaPlaceholderRoute() {
  const { t } = useTranslation();
  const handle = useLeafHandle();
  const ctx = useAccessContext();
  const module = NAV_MODULES.find((m) => m.id === handle.area);
  const visible = visibleModules(ctx).find((m) => m.id === handle.area);
  const area = module ? t(module.label) : '';
  const title = handle.title ? t(handle.title) : area;
  const firstLink = visible?.groups[0]?.[0];
  return (
    <AreaPlaceholder
      title={title}
      area={area}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        ...(module ? [{ label: area, to: firstLink?.to }] : []),
        { label: title },
      ]}
      links={(visible?.groups.flat() ?? []).map((item) => ({
        label: t(item.label),
        to: item.to,
        icon: <item.icon size={18} stroke={1.6} />,
      }))}
    />
  );
}
