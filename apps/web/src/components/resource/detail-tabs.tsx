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
 * Tabs inside a tab (a project's finance) keep theirs in another parameter, drawn as pills.
 */
export function DetailTabs({
  tabs,
  param = 'tab',
  label,
}: {
  tabs: DetailTab[];
  /** The URL parameter that holds the open tab. */
  param?: string;
  /** The tab list's accessible name, for tabs inside a tab. */
  label?: string;
}) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]?.value ?? '';
  const nested = param !== 'tab';
  const requested = params.get(param);
  const current = tabs.some((tab) => tab.value === requested) ? (requested ?? first) : first;

  return (
    <Tabs
      value={current}
      onChange={(value) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (!value || value === first) next.delete(param);
            else next.set(param, value);
            return next;
          },
          { replace: true },
        )
      }
      keepMounted={false}
      variant={nested ? 'pills' : undefined}
    >
      <Tabs.List mb="lg" aria-label={label}>
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
