import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DetailTabs } from '@/components/resource/detail-tabs';
import { shownOnDemand } from './on-demand';

describe('shownOnDemand', () => {
  it("fetches a tab's component only when that tab is opened, then shows it", async () => {
    const fetched: string[] = [];
    const Later = shownOnDemand(async () => {
      fetched.push('later');
      return function LaterTab({ name }: { name: string }) {
        return <p>Tasks of {name}</p>;
      };
    });
    const tabs = [
      { value: 'first', label: 'First', icon: null, content: <p>Details</p> },
      { value: 'later', label: 'Later', icon: null, content: <Later name="Samir" /> },
    ];
    const first = renderWithProviders(<DetailTabs tabs={tabs} />);
    await screen.findByText('Details');
    expect(fetched).toEqual([]);
    first.unmount();

    renderWithProviders(<DetailTabs tabs={tabs} />, { route: '/?tab=later' });
    expect(await screen.findByText('Tasks of Samir')).toBeInTheDocument();
    expect(fetched).toEqual(['later']);
  });
});
