import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rules } from '../rules';
import { useForm } from './use-form';

function setup() {
  return renderHook(() =>
    useForm({
      initialValues: { name: '', email: '', note: '' },
      rules: {
        name: [rules.required('Enter the name'), rules.minLength(3, 'At least 3')],
        email: [rules.required('Enter the email'), rules.email('Enter valid email: address')],
      },
    }),
  );
}

describe('useForm', () => {
  it('is unknown until validated, invalid when any field fails, valid when all pass', () => {
    const { result } = setup();
    expect(result.current.status).toBe('unknown');
    expect(result.current.fieldStatus('note')).toBe('valid');

    act(() => {
      result.current.validate();
    });
    expect(result.current.status).toBe('invalid');
    expect(result.current.errors).toEqual({ name: 'Enter the name', email: 'Enter the email' });

    act(() => result.current.setValue('name', 'Amna'));
    expect(result.current.fieldStatus('name')).toBe('valid');
    expect(result.current.status).toBe('invalid');

    act(() => result.current.setValue('email', 'amna@example.org'));
    expect(result.current.status).toBe('valid');
  });

  it('shows only one error per field', () => {
    const { result } = setup();
    act(() => result.current.setValue('email', 'not-an-email'));
    act(() => {
      result.current.validate();
    });
    expect(result.current.errors.email).toBe('Enter valid email: address');
    expect(result.current.errors.email).not.toContain('Enter the email');
  });

  it('validates a changed field on blur and leaves untouched ones unknown', () => {
    const { result } = setup();
    act(() => result.current.field('name').onBlur());
    expect(result.current.fieldStatus('name')).toBe('unknown');
    act(() => result.current.setValue('name', 'ab'));
    act(() => result.current.field('name').onBlur());
    expect(result.current.fieldStatus('name')).toBe('invalid');
    expect(result.current.errors.name).toBe('At least 3');
    expect(result.current.fieldStatus('email')).toBe('unknown');
    expect(result.current.status).toBe('invalid');
  });

  it('shows server errors under their fields and keeps the input', () => {
    const { result } = setup();
    act(() => {
      result.current.setValue('email', 'taken@example.org');
      result.current.setServerErrors({ email: 'The email is already in use.' });
    });
    expect(result.current.errors.email).toBe('The email is already in use.');
    expect(result.current.values.email).toBe('taken@example.org');
  });

  it('submits only a valid form', () => {
    const { result } = setup();
    const submitted: unknown[] = [];
    act(() => result.current.onSubmit((v) => void submitted.push(v))());
    expect(submitted).toHaveLength(0);
    act(() => {
      result.current.setValue('name', 'Amna');
      result.current.setValue('email', 'amna@example.org');
    });
    act(() => result.current.onSubmit((v) => void submitted.push(v))());
    expect(submitted).toEqual([{ name: 'Amna', email: 'amna@example.org', note: '' }]);
  });

  it('is dirty while a value differs from the initial one, and clean again after reset', () => {
    const { result } = renderHook(() =>
      useForm({ initialValues: { name: 'Amna', phones: ['0991'] as string[] } }),
    );
    expect(result.current.dirty).toBe(false);
    act(() => result.current.setValue('phones', ['0991']));
    expect(result.current.dirty).toBe(false); // same list, new array
    act(() => result.current.setValue('name', 'Amna K'));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.setValue('name', 'Amna'));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.setValue('phones', ['0991', '0992']));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.reset({ name: 'Amna', phones: ['0991', '0992'] }));
    expect(result.current.dirty).toBe(false);
  });
});
