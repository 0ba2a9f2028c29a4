import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={directionOf(currentLanguage())} detectDirection={false}>
      {/* All CSS variables at runtime: the sign-in styles omit default-css-variables.css. */}
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme="light"
        deduplicateCssVariables={false}
        getStyleNonce={cspNonce}
      >
        <DirectionSync />
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
