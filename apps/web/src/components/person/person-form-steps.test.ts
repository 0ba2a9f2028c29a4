// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rules } from '@/components/form/rules';
import { firstStepWithError, invalidFields, stepOfField } from './person-form-steps';
import { emptyPerson } from './person-values';

describe('person form steps', () => {
  it.each([
    ['name', 0],
    ['birth_date', 0],
    ['email', 1],
    ['phone_numbers', 1],
    ['status', 2],
    ['membership_type', 2],
    ['skills', 2],
    ['notes', 2],
    ['membership_status', -1],
    ['unknown', -1],
  ])('shows %s on step %i', (field, step) => {
    expect(stepOfField(field)).toBe(step);
  });

  it('opens the earliest step with an error, whatever the order of the fields', () => {
    expect(firstStepWithError(['status', 'email'])).toBe(1);
    expect(firstStepWithError(['notes', 'name', 'email'])).toBe(0);
    expect(firstStepWithError(['availability'])).toBe(2);
    expect(firstStepWithError(['collectionId'])).toBeNull();
    expect(firstStepWithError([])).toBeNull();
  });

  it('finds the fields whose rules fail for the current values', () => {
    const values = { ...emptyPerson('2026-01-01'), email: 'not-an-email', status: null };
    const failing = invalidFields(values, {
      name: [rules.required('name')],
      email: [rules.email('email')],
      status: [rules.required('status')],
      notes: [rules.maxLength(10, 'notes')],
    });
    expect(failing.sort()).toEqual(['email', 'name', 'status']);
    expect(firstStepWithError(failing)).toBe(0);
  });
});
