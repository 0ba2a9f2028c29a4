import {
  DirectionProvider,
  MantineProvider,
  mergeThemeOverrides,
  useDirection,
} from '@mantine/core';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { cspNonce } from '@/lib/csp-nonce';
import { currentLanguage, directionOf, isLanguage } from '@/lib/i18n';
import { cssVariablesResolver, theme } from '@/lib/theme';

/** Keeps Mantine's direction in step with the language (Arabic: right-to-left). */
function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  useEffect(() => {
    setDirection(directionOf(language));
  }, [language, setDirection]);
  return null;
}

/**
 * The theme with the texts it needs in the current language: close buttons of toasts, modals
 * and drawers are named "Close" (Mantine's have no name of their own).
 */
function useLocalizedTheme() {
  const { t } = useTranslation();
  const close = t('common.close');
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': close };
    return mergeThemeOverrides(theme, {
      components: {
        // Plain objects, not `Modal.extend(…)`: importing the components here would put modals,
        // drawers and their positioning code on the sign-in page.
        Notification: { defaultProps: { closeButtonProps } },
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
      },
    });
  }, [close]);
}

type AppProviderProps = {
  children: ReactNode;
  /** The nonce of Mantine's style tags; the page's own by default (build/prerender-sign-in.ts). */
  styleNonce?: () => string;
};

export function AppProvider({ children, styleNonce = cspNonce }: AppProviderProps) {
  const localizedTheme = useLocalizedTheme();
  return (
    <DirectionProvider initialDirection={directionOf(currentLanguage())} detectDirection={false}>
      {/* All CSS variables at runtime: the sign-in styles omit default-css-variables.css. */}
      <MantineProvider
        theme={localizedTheme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme="light"
        deduplicateCssVariables={false}
        getStyleNonce={styleNonce}
      >
        <DirectionSync />
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
