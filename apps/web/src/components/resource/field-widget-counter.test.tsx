import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useForm } from '@/components/form/basics/use-form';
import { ANNOUNCE_DELAY_MS } from '@/components/form/character-counter';
import { renderWithProviders } from '@/test/render';
import { FieldWidget } from './field-widget';

type Values = { title: string; description: string };

/** A topic's form: its title is declared with 3 to 300 characters, its description at most 2000. */
function TopicForm({ initial = '' }: { initial?: string }) {
  const form = useForm<Values>({ initialValues: { title: initial, description: '' } });
  return (
    <>
      <FieldWidget collection="blog_topics" spec={{ name: 'title', label: 'Title' }} form={form} />
      <FieldWidget
        collection="blog_topics"
        spec={{ name: 'description', label: 'Description', widget: 'text' }}
        form={form}
      />
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the character counter of fields with declared lengths', () => {
  it('counts while typing, from the declaration’s minimum and maximum', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TopicForm />);
    const title = screen.getByRole('textbox', { name: 'Title' });
    // Before anything is typed, the minimum is said already.
    expect(screen.getByText('Write 3 more characters')).toBeInTheDocument();
    await user.type(title, 'Wa');
    expect(screen.getByText('Write 1 more character')).toBeInTheDocument();
    await user.type(title, 'ter');
    expect(screen.getByText('Characters: 5 of 300')).toBeInTheDocument();
    // A maximum only: the count of the maximum.
    expect(screen.getByText('Characters: 0 of 2000')).toBeInTheDocument();
  });

  it('is read with the field (aria-describedby), and says when there are too many', async () => {
    renderWithProviders(<TopicForm initial={'x'.repeat(305)} />);
    const title = screen.getByRole('textbox', { name: 'Title' });
    const counter = screen.getByText('5 characters too many');
    expect(counter.id).not.toBe('');
    const describedBy = title.getAttribute('aria-describedby') ?? '';
    const description = describedBy.split(' ').map((id) => document.getElementById(id));
    expect(description.some((node) => node?.contains(counter))).toBe(true);
  });

  it('tells screen readers politely, once typing pauses, not at every key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderWithProviders(<TopicForm />);
    const [live] = document.querySelectorAll('[aria-live="polite"]');
    expect(live).toHaveTextContent('');
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, 'A');
    await user.type(title, 'B');
    // Typing goes on: nothing said yet.
    expect(live).toHaveTextContent('');
    await act(async () => {
      vi.advanceTimersByTime(ANNOUNCE_DELAY_MS + 10);
    });
    expect(live).toHaveTextContent('Write 1 more character');
  });
});
