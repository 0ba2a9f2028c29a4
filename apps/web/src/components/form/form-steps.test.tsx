import { IconKey, IconPhone, IconUser } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeMediaQueryList } from '@/test/media';
import { renderWithProviders } from '@/test/render';
import { FormSteps, StepButtons, type FormStep } from './form-steps';

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
    <FormSteps steps={STEPS} active={0} onStepChange={() => undefined}>
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
    expect(screen.getByText('Needs attention')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Personal' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
  });

  test('beside the sidebar on a laptop only the open step keeps its name; every step keeps its accessible name', () => {
    screenOf(1024);
    expect([...renderSteps()].map((label) => label.textContent)).toEqual(['Personal']);
    expect(screen.queryByText('Needs attention')).toBeNull();
    expect(screen.getByRole('button', { name: 'Step 2 of 3: Contact' })).toBeInTheDocument();
  });
});

describe('StepButtons', () => {
  test('moving on with the mouse leaves the focus (and a blur error) in the field', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    const onStepChange = vi.fn();
    const onSave = vi.fn();
    renderWithProviders(
      <>
        <input aria-label="Name" onBlur={onBlur} />
        <StepButtons
          active={1}
          total={3}
          onStepChange={onStepChange}
          saveEverywhere
          submitting={false}
          onCancel={() => undefined}
          onSave={onSave}
          saveLabel="Update"
        />
      </>,
    );
    const field = screen.getByLabelText('Name');
    await user.click(field);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(onStepChange.mock.calls).toEqual([[2], [0]]);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(field).toHaveFocus();
    expect(onBlur).not.toHaveBeenCalled();
  });

  test('a new record offers Save on its last step only', () => {
    renderWithProviders(
      <StepButtons
        active={0}
        total={2}
        onStepChange={() => undefined}
        saveEverywhere={false}
        submitting={false}
        onCancel={() => undefined}
        onSave={() => undefined}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });
});
