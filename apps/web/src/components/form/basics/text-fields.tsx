import {
  PasswordInput,
  TextInput,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';

export type ValueProps = { value: string; onChange: (value: string) => void };

/** A text input whose `onChange` gives the value (fits `form.field(name)`). */
export function TextField({
  value,
  onChange,
  ...rest
}: Omit<TextInputProps, 'value' | 'onChange'> & ValueProps) {
  return <TextInput {...rest} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
}

export function PasswordField({
  value,
  onChange,
  showLabel = 'Show password',
  ...rest
}: Omit<PasswordInputProps, 'value' | 'onChange'> & ValueProps & { showLabel?: string }) {
  return (
    <PasswordInput
      {...rest}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      visibilityToggleButtonProps={{ 'aria-label': showLabel }}
    />
  );
}
