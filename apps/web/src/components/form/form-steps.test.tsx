import { IconKey, IconPhone, IconUser } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeMediaQueryList } from '@/test/media';
import { renderWithProviders } from '@/test/render';
import { FormSteps, type FormStep } from './form-steps';

const STEPS: FormStep[] = [
  { id: 'personal', label: 'Personal', icon: IconUser },
  { id: 'contact', label: 'Contact', icon: IconPhone, hasErrors: true },
  { id: 'auth', label: 'Authentication', icon: IconKey },
];

/** A screen as wide as `width` px (16 px to the em), as far as media queries go. */
function screenOf(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*([\d.]+)em/.exec(query);
    return fakeMediaQueryList(query, max ? width <= Number(max[1]) * 16 : false);
  });
}

function renderSteps() {
  renderWithProviders(
    <FormSteps
      steps={STEPS}
      active={0}
      onStepChange={() => undefined}
      label="Form steps"
      stepOf={(index, total, label) => `Step ${index} of ${total}: ${label}`}
      hasErrorsText="Has errors"
      progress={(index, total) => `Step ${index} of ${total}`}
    >
      <p>fields</p>
    </FormSteps>,
  );
  return document.querySelectorAll('.mantine-Stepper-stepLabel');
}

describe('FormSteps', () => {
  afterEach(() => vi.restoreAllMocks());

  test('on a wide screen every step shows its name', () => {
    screenOf(1440);
    expect([...renderSteps()].map((label) => label.textContent)).toEqual([
      'Personal',
      'Contact',
      'Authentication',
    ]);
  });

  test('beside the sidebar on a laptop only the open step keeps its name; every step keeps its accessible name', () => {
    screenOf(1024);
    expect([...renderSteps()].map((label) => label.textContent)).toEqual(['Personal']);
    expect(screen.queryByText('Has errors')).toBeNull();
    expect(screen.getByRole('button', { name: 'Step 2 of 3: Contact' })).toBeInTheDocument();
  });
});
