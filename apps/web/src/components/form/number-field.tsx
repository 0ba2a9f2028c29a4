import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState, type KeyboardEvent } from 'react';
import {
  clampNumber,
  formatNumeric,
  NUMBER_MAX,
  NUMBER_MIN,
  NUMBER_STEP,
  parseNumeric,
  sanitizeNumeric,
  stepNumber,
} from './number';

type NumberFieldProps = Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'step'
> & {
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  step?: number;
  allowDecimal?: boolean;
};

/**
 * A number input following the spec: only digits, a leading minus (when min < 0) and a
 * decimal point can be typed; the value is clamped to [min, max] (the safe-integer range by
 * default); ArrowUp / ArrowDown step by 1.
 */
export function NumberField({
  value,
  onChange,
  min = NUMBER_MIN,
  max = NUMBER_MAX,
  step = NUMBER_STEP,
  allowDecimal = true,
  onBlur,
  onKeyDown,
  ...rest
}: NumberFieldProps) {
  const [text, setText] = useState(formatNumeric(value));

  // Follow the value when it changes from outside (reset, loaded record).
  useEffect(() => {
    setText((current) => (parseNumeric(current) === value ? current : formatNumeric(value)));
  }, [value]);

  const commit = (next: number | null) => {
    const clamped = next === null ? null : clampNumber(next, min, max);
    if (clamped !== value) onChange(clamped);
    return clamped;
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const next = stepNumber(value, event.key === 'ArrowUp' ? 1 : -1, { step, min, max });
      commit(next);
      setText(formatNumeric(next));
    }
    onKeyDown?.(event);
  };

  return (
    <TextInput
      {...rest}
      inputMode={allowDecimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const cleaned = sanitizeNumeric(event.currentTarget.value, {
          allowNegative: min < 0,
          allowDecimal,
        });
        const parsed = parseNumeric(cleaned);
        const clamped = commit(parsed);
        // Above max (or below a negative min) can never come back by typing more: clamp now.
        const overshoot =
          parsed !== null && clamped !== parsed && (parsed > max || (parsed < min && min < 0));
        setText(overshoot ? formatNumeric(clamped) : cleaned);
      }}
      onBlur={(event) => {
        setText(formatNumeric(value === null ? null : clampNumber(value, min, max)));
        onBlur?.(event);
      }}
      onKeyDown={handleKeyDown}
      role="spinbutton"
      aria-valuemin={min === NUMBER_MIN ? undefined : min}
      aria-valuemax={max === NUMBER_MAX ? undefined : max}
      aria-valuenow={value ?? undefined}
    />
  );
}
