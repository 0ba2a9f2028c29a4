import '@mantine/tiptap/styles.css';
import { Text, Typography } from '@mantine/core';
import { Link } from '@mantine/tiptap';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { cspNonce } from '@/lib/csp-nonce';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Stored rich text, read-only. The HTML goes through the editor's schema (not into the DOM as
 * is), so scripts, event handlers and unsafe links are dropped.
 */
export function RichTextView({ html, emptyText }: { html: string; emptyText?: string }) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    injectNonce: cspNonce(),
    content: html,
    editable: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
  });
  // A destroyed editor (tiptap replaces one whose effects come late) is not read: the next
  // render brings its replacement.
  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.getHTML() !== html)
      editor.commands.setContent(html || '', { emitUpdate: false });
  }, [editor, html]);
  if (!html || html === '<p></p>') {
    return (
      <Text size="sm" c="dimmed">
        {emptyText ?? t('common.none')}
      </Text>
    );
  }
  return (
    <Typography fz="sm" style={{ overflowWrap: 'anywhere' }}>
      <EditorContent editor={editor} />
    </Typography>
  );
}
