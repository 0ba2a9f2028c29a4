import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { cspNonce } from '@/lib/csp-nonce';
import { useEffect, useId, type ReactNode } from 'react';

export type RichTextFieldProps = {
  label?: ReactNode;
  description?: ReactNode;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  required?: boolean;
  placeholder?: string;
  minHeight?: number;
  /** The id of what describes the text besides the description (a character counter). */
  describedBy?: string;
  /** Where the description goes (under the editor, with a counter in it). */
  inputWrapperOrder?: ('label' | 'input' | 'description' | 'error')[];
};

const EMPTY_DOCUMENT = '<p></p>';

/** A rich-text (HTML) editor with the usual toolbar (loaded on demand: see rich-text-field.tsx). */
export default function RichTextEditorField({
  label,
  description,
  value,
  onChange,
  onBlur,
  error,
  required,
  minHeight = 160,
  describedBy,
  inputWrapperOrder,
}: RichTextFieldProps) {
  const id = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    injectNonce: cspNonce(),
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        'aria-labelledby': `${id}-label`,
        role: 'textbox',
        'aria-multiline': 'true',
        // Written left to right or right to left by what is typed, as the text fields are: an
        // English report in the Arabic screens keeps its full stops at the end.
        dir: 'auto',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      onChange(html === EMPTY_DOCUMENT ? '' : html);
    },
    onBlur: () => onBlur?.(),
  });

  // Follow the value when it changes from outside (loaded record, reset). Tiptap destroys an
  // editor whose effects come late (a busy device) and makes another, which reaches this effect
  // on the next render: until then the one in hand may be destroyed and must not be read.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const html = editor.getHTML();
    if ((value || EMPTY_DOCUMENT) !== html && !(value === '' && html === EMPTY_DOCUMENT)) {
      editor.commands.setContent(value || '', { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: `${id}-label` }}
      description={description}
      error={error}
      required={required}
      inputWrapperOrder={inputWrapperOrder}
    >
      <RichTextEditor
        editor={editor}
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content style={{ minHeight }} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
