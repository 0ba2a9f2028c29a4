import { Box, CloseButton, Divider, Group, NavLink, Stack } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useState, type Ref } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '@/components/brand/brand-logo';
import { paths } from '@/config/paths';
import { visibleModules, type NavModule } from '../navigation';
import { NAV_BREAKPOINT } from './nav-breakpoint';
import { useAccessContext } from '../use-access-context';

/** The link that best matches the path: exact, or the longest one the path lies under. */
export function activeLink(pathname: string, links: readonly string[]): string | null {
  let best: string | null = null;
  for (const to of links) {
    if (to === '/') continue;
    if (pathname === to || pathname.startsWith(`${to}/`)) {
      if (!best || to.length > best.length) best = to;
    }
  }
  return best;
}

type SidebarProps = {
  onNavigate?: () => void;
  /** Closes the drawer (phones). */
  onClose?: () => void;
  /** Receives the drawer's close button, focused when the drawer opens on a phone. */
  closeRef?: Ref<HTMLButtonElement>;
};

/** The modules the account may use, each opening into its links. */
export function Sidebar({ onNavigate, onClose, closeRef }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ctx = useAccessContext();
  const modules = visibleModules(ctx);
  const allLinks = modules.flatMap((m) => m.groups.flat().map((i) => i.to));
  const current = activeLink(pathname, allLinks);
  // The module opened for the current page: the one named by the path, else the first one
  // holding the link.
  const holders = modules.filter((m) => m.groups.flat().some((i) => i.to === current));
  const currentModule =
    holders.find((m) => pathname.split('/')[1] === m.id)?.id ?? holders[0]?.id ?? null;
  const moduleOf = (m: NavModule) => m.id === currentModule;
  const [opened, setOpened] = useState<Record<string, boolean>>({});

  return (
    <>
      <Group px="md" h={60} justify="space-between" wrap="nowrap" style={{ flexShrink: 0 }}>
        {/* Named by what it shows (the brand), so speech input can say what is seen. */}
        <Link to={paths.home.getHref()} style={{ textDecoration: 'none' }} onClick={onNavigate}>
          <BrandLogo size={40} subtitle={t('app.tagline')} />
        </Link>
        {onClose && (
          <CloseButton
            ref={closeRef}
            hiddenFrom={NAV_BREAKPOINT}
            size="lg"
            onClick={onClose}
            aria-label={t('nav.closeNavigation')}
          />
        )}
      </Group>
      <Divider />
      {/* The navbar around this is the one navigation landmark; no second one inside it. */}
      {/* The browser's own scrolling: Mantine's ScrollArea measured itself on every load (a forced
          layout of the whole page, 0.08 to 0.1 s on a CPU slowed four times) to draw a scrollbar
          of its own. */}
      <Box className="sidebar-scroll" px="xs" py="sm">
        <div>
          <Stack gap={2}>
            <NavLink
              component={Link}
              to={paths.home.getHref()}
              label={t('nav.dashboard')}
              leftSection={<IconLayoutDashboard size={20} stroke={1.6} />}
              active={pathname === '/'}
              onClick={onNavigate}
              variant="filled"
              style={{ borderRadius: 8 }}
            />
            {modules.map((module) => {
              const isOpen = opened[module.id] ?? moduleOf(module);
              return (
                // A section header is a button (not a link without an address): Tab reaches
                // it, Enter/Space open it, and it says whether it is open.
                <NavLink
                  key={module.id}
                  component="button"
                  type="button"
                  aria-expanded={isOpen}
                  label={t(module.label)}
                  leftSection={<module.icon size={20} stroke={1.6} />}
                  opened={isOpen}
                  onChange={(value) => setOpened((prev) => ({ ...prev, [module.id]: value }))}
                  childrenOffset={14}
                  fw={600}
                  style={{ borderRadius: 8 }}
                  data-testid={`nav-module-${module.id}`}
                >
                  {module.groups.map((group, gi) => (
                    <Box key={gi}>
                      {gi > 0 && <Divider my={4} mx="sm" />}
                      {group.map((item) => (
                        <NavLink
                          key={item.id}
                          component={Link}
                          to={item.to}
                          label={t(item.label)}
                          leftSection={<item.icon size={18} stroke={1.6} />}
                          active={item.to === current}
                          onClick={onNavigate}
                          variant="light"
                          style={{ borderRadius: 8 }}
                        />
                      ))}
                    </Box>
                  ))}
                </NavLink>
              );
            })}
          </Stack>
        </div>
      </Box>
    </>
  );
}
