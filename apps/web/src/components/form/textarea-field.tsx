import { Textarea, type TextareaProps } from '@mantine/core';
import type { ValueProps } from './basics/text-fields';

/** A growing multi-line text input whose `onChange` gives the value. */
export function TextareaField({
  value,
  onChange,
  ...rest
}: Omit<TextareaProps, 'value' | 'onChange'> & ValueProps) {
  return (
    <Textarea
      autosize
      minRows={3}
      maxRows={10}
      {...rest}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
