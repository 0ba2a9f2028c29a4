import { Pill, PillsInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { addPhone, removePhone } from './phone-list';

type PhoneListFieldProps = {
  label?: ReactNode;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  error?: ReactNode;
  required?: boolean;
};

/** A list of phone numbers: type one and press Enter to add it; remove one with its chip's ×. */
export function PhoneListField({
  label,
  value,
  onChange,
  onBlur,
  error,
  required,
}: PhoneListFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);

  const commit = () => {
    const result = addPhone(value, draft);
    if (result.ok) {
      onChange(result.list);
      setDraft('');
      setDraftError(null);
      return true;
    }
    if (result.reason !== 'empty') setDraftError(t(`form.phone.${result.reason}`));
    return false;
  };

  return (
    <PillsInput
      label={label ?? t('form.phone.label')}
      description={t('form.phone.hint')}
      error={draftError ?? error}
      required={required}
    >
      <Pill.Group>
        {value.map((phone) => (
          <Pill
            key={phone}
            withRemoveButton
            onRemove={() => onChange(removePhone(value, phone))}
            removeButtonProps={{
              'aria-label': t('form.phone.remove', { phone }),
              // Mantine hides the button from keyboards and screen readers; this list needs it.
              'aria-hidden': false,
              tabIndex: 0,
            }}
            dir="ltr"
          >
            {phone}
          </Pill>
        ))}
        <PillsInput.Field
          value={draft}
          inputMode="tel"
          placeholder={t('form.phone.placeholder')}
          aria-label={typeof label === 'string' ? label : t('form.phone.label')}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            setDraftError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            } else if (e.key === 'Backspace' && draft === '' && value.length > 0) {
              onChange(value.slice(0, -1));
            }
          }}
          onBlur={() => {
            if (draft.trim()) commit();
            onBlur?.();
          }}
        />
      </Pill.Group>
    </PillsInput>
  );
}
