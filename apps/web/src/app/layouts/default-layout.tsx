import '../styles/full-styles';
import '../styles/layout.css';
import { AppShell, Box, Burger, Center, em, Group } from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useEffect, useReducer, useRef } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '@/components/brand/brand-logo';
import { LanguageSwitch } from '@/components/language/language-switch';
import { OfflineBanner } from '@/components/offline/offline-banner';
import { OutboxButton } from '@/components/offline/outbox-button';
import { prefetchForOffline } from '@/components/offline/prefetch-for-offline';
import { paths } from '@/config/paths';
import { APP_BACKGROUND } from '@/lib/theme';
import { onDemand, useLatch } from '@/lib/on-demand';
import { useAccount } from '@/lib/session';
import { DataProvider } from '../data/data-provider';
import { RouteAccess } from '../route-access';
import { CommandPalette, CommandPaletteButton } from './command-palette';
import { NAV_BREAKPOINT, NAV_DRAWER_MAX_WIDTH } from './nav-breakpoint';
import { Sidebar } from './sidebar';
import { NotificationsBell } from './notifications-bell';
import { PassingMessages } from './passing-messages';
import { UserMenu } from './user-menu';

const ChangePasswordDialog = onDemand(() => import('./change-password-dialog'), {
  closed: { opened: false },
});
const TwoFactorDialog = onDemand(() => import('./two-factor-dialog'), {
  closed: { opened: false },
});

/** The default layout: sidebar (a drawer on phones), top bar, and the page. */
export default function DefaultLayout() {
  const { t } = useTranslation();
  const account = useAccount();
  const { pathname } = useLocation();
  const [navOpened, nav] = useDisclosure(false);
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const [twoFactorOpened, twoFactorModal] = useDisclosure(false);
  // Ctrl/Cmd+K opens the command palette (loaded on its first opening) from anywhere but a field.
  const [paletteOpenings, openPalette] = useReducer((count: number) => count + 1, 0);
  useHotkeys([['mod+K', openPalette]]);

  // What field work needs offline (forms, the messages that say a change waits) is fetched a
  // moment after the app opens with a connection.
  useEffect(() => {
    const timer = setTimeout(
      () => prefetchForOffline([() => import('./passing-messages-container')]),
      3000,
    );
    return () => clearTimeout(timer);
  }, []);

  // Close the mobile drawer whenever the page changes (`close` keeps its identity across renders).
  const closeNav = nav.close;
  useEffect(() => closeNav(), [pathname, closeNav]);

  // On phones and tablets held upright (below NAV_BREAKPOINT) the navbar is a drawer: a sidebar
  // there would leave the page the width of a phone beside it. Closed, the drawer is `inert`: off
  // screen and out of the Tab order and of the accessibility tree. Opening it moves focus to its
  // close button; closing it with focus inside gives focus back to the burger.
  // Read at once (not after the first render), so a phone never builds the sidebar by mistake.
  const isPhone = useMediaQuery(`(max-width: ${em(NAV_DRAWER_MAX_WIDTH)})`, undefined, {
    getInitialValueInEffect: false,
  });
  const drawerHidden = Boolean(isPhone) && !navOpened;
  // Open, the drawer is modal: the header and the page behind it are `inert`, so Tab and a
  // screen reader stay in the drawer instead of wandering into what it covers. It covers only
  // part of the screen (layout.css): the dimmed strip beside it closes it on a tap.
  const drawerOpen = Boolean(isPhone) && navOpened;
  // Below the breakpoint the sidebar is built the first time the drawer opens, then kept (with the
  // sections the person opened): its forty links cost every page load about 0.1 s of blocking work
  // on a CPU slowed four times (bench/web/main-thread.ts), for a drawer that is closed.
  const sidebarBuilt = useLatch(!drawerHidden);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const navCloseRef = useRef<HTMLButtonElement>(null);
  const navbarRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isPhone) return;
    if (navOpened) navCloseRef.current?.focus();
    else if (navbarRef.current?.contains(document.activeElement)) burgerRef.current?.focus();
  }, [navOpened, isPhone]);

  // Signed-out visitors only get here on an unknown public path (404): no shell.
  if (!account) {
    return (
      <DataProvider>
        <Center component="main" mih="100dvh" bg={APP_BACKGROUND}>
          <RouteAccess />
        </Center>
      </DataProvider>
    );
  }

  return (
    <DataProvider>
      <AppShell
        layout="alt"
        header={{ height: 60 }}
        navbar={{ width: 280, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !navOpened } }}
        padding={{ base: 'sm', sm: 'lg' }}
      >
        {!drawerOpen && (
          <a href="#main-content" className="skip-link">
            {t('nav.skipToContent')}
          </a>
        )}
        <AppShell.Header inert={drawerOpen}>
          <Group
            h="100%"
            px={{ base: 'sm', sm: 'md' }}
            justify="space-between"
            wrap="nowrap"
            gap="xs"
          >
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Burger
                ref={burgerRef}
                opened={navOpened}
                aria-expanded={navOpened}
                onClick={nav.toggle}
                hiddenFrom={NAV_BREAKPOINT}
                size="sm"
                aria-label={navOpened ? t('nav.closeNavigation') : t('nav.openNavigation')}
              />
              <Box hiddenFrom={NAV_BREAKPOINT}>
                <Link to={paths.home.getHref()} style={{ textDecoration: 'none' }}>
                  <BrandLogo size={30} />
                </Link>
              </Box>
              <CommandPaletteButton onOpen={openPalette} />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <OutboxButton />
              <LanguageSwitch />
              {account.collection === 'employees' && <NotificationsBell />}
              <UserMenu
                account={account}
                onChangePassword={passwordModal.open}
                onTwoFactor={twoFactorModal.open}
              />
            </Group>
          </Group>
        </AppShell.Header>
        {/* Not a button: Escape and the drawer's close button are the keyboard's ways out. */}
        {drawerOpen && <div className="nav-backdrop" aria-hidden="true" onClick={nav.close} />}
        <AppShell.Navbar
          ref={navbarRef}
          className="app-navbar"
          aria-label={t('nav.main')}
          inert={drawerHidden}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && isPhone && navOpened) nav.close();
          }}
        >
          {sidebarBuilt && (
            <Sidebar onNavigate={nav.close} onClose={nav.close} closeRef={navCloseRef} />
          )}
        </AppShell.Navbar>
        <AppShell.Main bg={APP_BACKGROUND} id="main-content" tabIndex={-1} inert={drawerOpen}>
          <Box maw={1440} mx="auto">
            <OfflineBanner />
            <RouteAccess />
          </Box>
        </AppShell.Main>
        <CommandPalette
          when={paletteOpenings > 0}
          openings={paletteOpenings}
          account={account}
          onChangePassword={passwordModal.open}
        />
        <PassingMessages />
        <ChangePasswordDialog
          when={passwordOpened}
          opened={passwordOpened}
          onClose={passwordModal.close}
        />
        <TwoFactorDialog
          when={twoFactorOpened}
          opened={twoFactorOpened}
          onClose={twoFactorModal.close}
        />
      </AppShell>
    </DataProvider>
  );
}
