import { Group, Stack, Text } from '@mantine/core';
import { BRAND_NAME } from '@/config/constants';

type BrandMarkProps = { size?: number };

/** The organisation's mark (a "W" on the brand purple). */
export function BrandMark({ size = 40 }: BrandMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#4A148C" />
      <path
        d="M14 20l7 24 6-16 5 16 6-16 5 16 7-24"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

type BrandLogoProps = { size?: number; subtitle?: string; inverted?: boolean };

/** Mark + name, used in the sidebar and on the sign-in screens. */
export function BrandLogo({ size = 40, subtitle, inverted = false }: BrandLogoProps) {
  return (
    <Group gap={10} wrap="nowrap">
      <BrandMark size={size} />
      <Stack gap={0}>
        <Text fw={800} fz={size * 0.5} lh={1.1} c={inverted ? 'white' : 'brand.8'}>
          {BRAND_NAME}
        </Text>
        {subtitle && (
          <Text fz={size * 0.3} lh={1.2} c={inverted ? 'rgba(255,255,255,.85)' : 'dimmed'}>
            {subtitle}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
