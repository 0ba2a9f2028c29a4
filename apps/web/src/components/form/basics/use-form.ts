import { useCallback, useMemo, useRef, useState } from 'react';
import { formStatus, validateValue, type FieldStatus, type FormStatus } from './form-state';
import type { Rule } from '../rules';

export type FormRules<V> = { [K in keyof V]?: readonly Rule<V[K], V>[] };

type Options<V> = {
  initialValues: V;
  rules?: FormRules<V>;
  /** Errors shown per field (spec §5: one by default). */
  maxErrors?: number;
};

export type FieldProps<T> = {
  value: T;
  onChange: (value: T) => void;
  onBlur: () => void;
  error: string | undefined;
};

export type UseFormReturn<V> = {
  values: V;
  status: FormStatus;
  errors: Partial<Record<keyof V, string>>;
  fieldStatus: (field: keyof V) => FieldStatus;
  setValue: <K extends keyof V>(field: K, value: V[K]) => void;
  setValues: (values: Partial<V>) => void;
  /** Validates every field; true when the form is valid. */
  validate: () => boolean;
  /** Shows errors the server returned (`data.<field>.message`), keeping the input. */
  setServerErrors: (errors: Record<string, string>) => void;
  reset: (values?: V) => void;
  /** True when a value differs from the initial one (or the last `reset(values)`). */
  dirty: boolean;
  field: <K extends keyof V>(field: K) => FieldProps<V[K]>;
  /** Wraps a submit handler: validates first and calls it only when the form is valid. */
  onSubmit: (handler: (values: V) => void | Promise<void>) => (event?: SubmitEvent) => void;
};

/** What `onSubmit` reads from the form's submit event. */
type SubmitEvent = { preventDefault?: () => void; currentTarget?: unknown };

/**
 * After a refused submit, focus goes to the first field in error, once the errors are drawn:
 * screen readers then read its label, "invalid" and the error (Mantine ties the error to the
 * input with aria-invalid and aria-describedby), and keyboard users land where to fix it.
 */
function focusFirstInvalid(form: unknown) {
  if (typeof HTMLElement === 'undefined' || !(form instanceof HTMLElement)) return;
  requestAnimationFrame(() => {
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

type FieldState = { status: FieldStatus; errors: string[] };

/** Same value for the unsaved-change guard: files by identity, lists and objects by content. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Blob || b instanceof Blob) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A small form-state helper following the spec's rules: every field has rules giving a pass
 * or an error text; a field stays `unknown` until validated (on blur or on submit), then is
 * re-validated as it changes; the form is valid only when every field is.
 */
export function useForm<V extends Record<string, unknown>>({
  initialValues,
  rules = {},
  maxErrors = 1,
}: Options<V>): UseFormReturn<V> {
  const initialRef = useRef(initialValues);
  const [values, setAllValues] = useState<V>(initialValues);
  const [fields, setFields] = useState<Partial<Record<keyof V, FieldState>>>({});
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const keys = useMemo(() => Object.keys(initialRef.current) as (keyof V)[], []);

  const check = useCallback(
    (field: keyof V, all: V): FieldState => {
      const errors = validateValue(all[field], rulesRef.current[field], all, maxErrors);
      return { status: errors.length ? 'invalid' : 'valid', errors };
    },
    [maxErrors],
  );

  const setValue = useCallback(
    <K extends keyof V>(field: K, value: V[K]) => {
      const next = { ...valuesRef.current, [field]: value };
      valuesRef.current = next;
      setAllValues(next);
      setFields((prev) => {
        // Once a field has been validated, it follows the input; so do fields depending on it.
        const updated = { ...prev };
        for (const key of Object.keys(prev) as (keyof V)[]) {
          if (prev[key] && prev[key]!.status !== 'unknown') updated[key] = check(key, next);
        }
        return updated;
      });
    },
    [check],
  );

  const setValues = useCallback((partial: Partial<V>) => {
    const next = { ...valuesRef.current, ...partial };
    valuesRef.current = next;
    setAllValues(next);
  }, []);

  const touch = useCallback(
    (field: keyof V) => {
      // Leaving a field the user has not changed does not flag it; submitting does.
      if (Object.is(valuesRef.current[field], initialRef.current[field])) return;
      setFields((prev) => ({ ...prev, [field]: check(field, valuesRef.current) }));
    },
    [check],
  );

  const validate = useCallback(() => {
    const next: Partial<Record<keyof V, FieldState>> = {};
    for (const key of keys) next[key] = check(key, valuesRef.current);
    setFields(next);
    return formStatus(Object.values(next).map((s) => (s as FieldState).status)) === 'valid';
  }, [check, keys]);

  const setServerErrors = useCallback((errors: Record<string, string>) => {
    setFields((prev) => {
      const next = { ...prev };
      for (const [field, message] of Object.entries(errors)) {
        next[field as keyof V] = { status: 'invalid', errors: [message] };
      }
      return next;
    });
  }, []);

  const reset = useCallback((nextValues?: V) => {
    const v = nextValues ?? initialRef.current;
    if (nextValues) initialRef.current = nextValues;
    valuesRef.current = v;
    setAllValues(v);
    setFields({});
  }, []);

  const fieldStatus = useCallback(
    (field: keyof V): FieldStatus => {
      const hasRules = (rulesRef.current[field]?.length ?? 0) > 0;
      return fields[field]?.status ?? (hasRules ? 'unknown' : 'valid');
    },
    [fields],
  );

  const status = formStatus(keys.map(fieldStatus));
  const dirty = keys.some((key) => !sameValue(values[key], initialRef.current[key]));

  const errors = useMemo(() => {
    const result: Partial<Record<keyof V, string>> = {};
    for (const [key, state] of Object.entries(fields) as [keyof V, FieldState | undefined][]) {
      if (state?.errors.length) result[key] = state.errors.join(' · ');
    }
    return result;
  }, [fields]);

  const field = useCallback(
    <K extends keyof V>(name: K): FieldProps<V[K]> => ({
      value: values[name],
      onChange: (value: V[K]) => setValue(name, value),
      onBlur: () => touch(name),
      error: errors[name],
    }),
    [values, errors, setValue, touch],
  );

  const onSubmit = useCallback(
    (handler: (values: V) => void | Promise<void>) => (event?: SubmitEvent) => {
      event?.preventDefault?.();
      if (validate()) void handler(valuesRef.current);
      else focusFirstInvalid(event?.currentTarget);
    },
    [validate],
  );

  return {
    values,
    status,
    errors,
    fieldStatus,
    setValue,
    setValues,
    validate,
    setServerErrors,
    reset,
    dirty,
    field,
    onSubmit,
  };
}
