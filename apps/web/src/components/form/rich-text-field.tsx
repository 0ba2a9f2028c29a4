import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextFieldProps } from './rich-text-editor';

// The editor (Tiptap, ProseMirror and their styles: about 145 KB gzip) is fetched only when a
// form shows a rich-text field, so the screens without one never download it.
const RichTextEditorField = lazy(() => import('./rich-text-editor'));

/** A rich-text (HTML) editor with the usual toolbar; a placeholder of its size while it loads. */
export function RichTextField(props: RichTextFieldProps) {
  const { label, description, error, required, minHeight = 160 } = props;
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={label} description={description} error={error} required={required}>
          {/* Toolbar and content area, so the form does not jump when the editor arrives. */}
          <Skeleton mt={4} height={minHeight + 42} radius="sm" aria-hidden />
        </Input.Wrapper>
      }
    >
      <RichTextEditorField {...props} />
    </Suspense>
  );
}
