import { IconKey, IconPhone, IconUser } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeMediaQueryList } from '@/test/media';
import { renderWithProviders } from '@/test/render';
import { FormSteps, StepButtons, stepSubmit, type FormStep } from './form-steps';

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

/**
 * A new record's form in steps, as the app's forms are built: `stepSubmit` on the form and
 * `StepButtons` under it. Each step has several fields, as in the app, so that Enter only
 * submits through the form's submit button.
 */
function SteppedForm({
  invalidOnContact = false,
  onSave = () => undefined,
}: {
  invalidOnContact?: boolean;
  onSave?: () => void;
}) {
  const [active, setActive] = useState(0);
  const flow = { active, total: STEPS.length, onStepChange: setActive, saveEverywhere: false };
  return (
    <form onSubmit={stepSubmit(flow, onSave)}>
      <FormSteps steps={STEPS} active={active} onStepChange={setActive}>
        {active === 0 && (
          <>
            <input aria-label="Name" />
            <input aria-label="Birth date" />
          </>
        )}
        {active === 1 && (
          <>
            <input aria-label="Address" />
            <input aria-label="Email" aria-invalid={invalidOnContact || undefined} />
          </>
        )}
        {active === 2 && (
          <>
            <input aria-label="Password" />
            <input aria-label="Confirm password" />
          </>
        )}
      </FormSteps>
      <StepButtons {...flow} submitting={false} onCancel={() => undefined} />
    </form>
  );
}

describe('FormSteps focus', () => {
  afterEach(() => vi.restoreAllMocks());

  test('Enter in a field opens the next step with the focus on its heading, not lost', async () => {
    screenOf(1440);
    const user = userEvent.setup();
    renderWithProviders(<SteppedForm />);
    await user.type(screen.getByLabelText('Name'), 'Amna{Enter}');
    expect(screen.getByRole('heading', { level: 2, name: 'Contact' })).toHaveFocus();
    // Tab goes on into the step's fields.
    await user.tab();
    expect(screen.getByLabelText('Address')).toHaveFocus();
  });

  test("the focus goes to the opened step's first field with an error", async () => {
    screenOf(1440);
    const user = userEvent.setup();
    renderWithProviders(<SteppedForm invalidOnContact />);
    await user.type(screen.getByLabelText('Name'), 'Amna{Enter}');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  test('Enter goes through the steps of a new record and saves from the last one', async () => {
    screenOf(1440);
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderWithProviders(<SteppedForm onSave={onSave} />);
    await user.type(screen.getByLabelText('Name'), 'Amna{Enter}');
    await user.type(screen.getByLabelText('Address'), 'Kassala{Enter}');
    expect(screen.getByRole('heading', { level: 2, name: 'Authentication' })).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  test('a step opened from the stepper keeps the focus on the stepper', async () => {
    screenOf(1440);
    const user = userEvent.setup();
    renderWithProviders(<SteppedForm />);
    const contact = screen.getByRole('button', { name: 'Step 2 of 3: Contact' });
    contact.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { level: 2, name: 'Contact' })).toBeInTheDocument();
    expect(contact).toHaveFocus();
  });
});

describe('StepButtons', () => {
  test('moving on with the mouse leaves the focus (and a blur error) in the field', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    const onStepChange = vi.fn();
    const onSave = vi.fn();
    const flow = { active: 1, total: 3, onStepChange, saveEverywhere: true };
    renderWithProviders(
      <form onSubmit={stepSubmit(flow, onSave)}>
        <input aria-label="Name" onBlur={onBlur} />
        <StepButtons {...flow} submitting={false} onCancel={() => undefined} saveLabel="Update" />
      </form>,
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
    // Changing a record, Enter in a field saves.
    await user.type(field, '{Enter}');
    expect(onSave).toHaveBeenCalledTimes(2);
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
      />,
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });
});
