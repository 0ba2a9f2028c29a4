import type { Editor } from '@tiptap/react';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import RichTextEditorField from './rich-text-editor';

const noop = () => undefined;

describe('RichTextEditorField', () => {
  // Tiptap destroys an editor whose component has not run its effects within a millisecond of
  // being rendered (on a busy phone, or a busy test machine), and makes a new one. The field's
  // own effect, run in the same pass, must not read the destroyed one: it used to, and the page
  // fell over with "Cannot read properties of null (reading 'cached')".
  it('survives its editor being destroyed under it, and shows the next value', async () => {
    const field = (value: string) => (
      <RichTextEditorField label="Post" value={value} onChange={noop} />
    );
    const { container, rerender } = renderWithProviders(field('<p>first</p>'));
    const dom = () => container.querySelector('.ProseMirror') as HTMLElement & { editor: Editor };
    await waitFor(() => expect(dom()).toHaveTextContent('first'));
    act(() => dom().editor.destroy());

    rerender(field('<p>second</p>'));
    await waitFor(() => expect(dom()).toHaveTextContent('second'));
    expect(dom().editor.isDestroyed).toBe(false);
  });

  it('takes its direction from what is written, as the text fields do', async () => {
    const { container } = renderWithProviders(
      <RichTextEditorField label="Post" value="<p>Met the committee.</p>" onChange={noop} />,
    );
    await waitFor(() => expect(container.querySelector('.ProseMirror')).not.toBeNull());
    expect(container.querySelector('.ProseMirror')).toHaveAttribute('dir', 'auto');
  });
});
