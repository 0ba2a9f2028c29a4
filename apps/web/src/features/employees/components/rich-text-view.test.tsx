import type { Editor } from '@tiptap/react';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RichTextView } from './rich-text-view';

describe('RichTextView', () => {
  // As the editor field (see rich-text-editor.test.tsx): tiptap may destroy the editor in hand.
  it('survives its editor being destroyed under it, and shows the next text', async () => {
    const { container, rerender } = renderWithProviders(<RichTextView html="<p>first</p>" />);
    const dom = () => container.querySelector('.ProseMirror') as HTMLElement & { editor: Editor };
    await waitFor(() => expect(dom()).toHaveTextContent('first'));
    act(() => dom().editor.destroy());

    rerender(<RichTextView html="<p>second</p>" />);
    await waitFor(() => expect(dom()).toHaveTextContent('second'));
  });
});
