import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export type DetailTab = {
  value: string;
  label: string;
  icon: ReactNode;
  content: ReactNode;
  /** A red tab (the danger zone). */
  danger?: boolean;
};

/**
 * The tabs of a record's page; the open one is `?tab=` in the URL (the first one has none), so
 * a link or a reload opens the same tab. A tab that is not offered (no permission) opens the first.
 */
export function DetailTabs({ tabs }: { tabs: DetailTab[] }) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]?.value ?? '';
  const requested = params.get('tab');
  const current = tabs.some((tab) => tab.value === requested) ? (requested ?? first) : first;

  return (
    <Tabs
      value={current}
      onChange={(value) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (!value || value === first) next.delete('tab');
            else next.set('tab', value);
            return next;
          },
          { replace: true },
        )
      }
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            leftSection={tab.icon}
            color={tab.danger ? 'red' : undefined}
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
