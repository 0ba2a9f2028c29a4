import { Loader, TextInput, type MantineStyleProp, type StyleProp } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { STAND_IN_ATTRIBUTE, type StandInProps } from '@/lib/on-demand';

/** What every field around its input shows: its label, help, placeholder, error and marks. */
export type FieldFrameProps = {
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
};

/** What a choice field's stand-in shows: the field's own props, and the chosen labels. */
export type ChoiceStandInProps = StandInProps &
  FieldFrameProps & {
    /** The chosen option's label (several joined), or '' for none. */
    text: string;
    /** Typing a letter opens it too (the loaded field searches). */
    searchable?: boolean;
    size?: string;
    leftSection?: ReactNode;
    className?: string;
    style?: MantineStyleProp;
    w?: StyleProp<string | number>;
    maw?: StyleProp<string | number>;
    id?: string;
    'aria-label'?: string;
  };

/** The keys that open a select (and, when it searches, any letter typed into it). */
function opens(event: KeyboardEvent, searchable: boolean): boolean {
  if (event.key === 'Enter' || event.key === ' ') return true;
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') return true;
  return searchable && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/**
 * A select before its code has arrived (lib/on-demand.tsx, fieldOnDemand): the same input, label
 * and chevron, showing the chosen option, read-only. A click, Enter, Space, an arrow (or a
 * letter, when it searches) asks for the real one, which opens where this one was. The pointer
 * coming over it or the focus coming to it starts the download already.
 */
export function ChoiceStandIn({
  text,
  searchable = false,
  onWanted,
  onNear,
  busy,
  ...field
}: ChoiceStandInProps) {
  return (
    <TextInput
      {...field}
      readOnly
      {...{ [STAND_IN_ATTRIBUTE]: '' }}
      value={text}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      aria-busy={busy || undefined}
      rightSection={busy ? <Loader size={14} /> : <IconSelector size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      styles={{ input: { cursor: field.disabled ? undefined : 'pointer' } }}
      onPointerEnter={field.disabled ? undefined : onNear}
      onFocus={field.disabled ? undefined : onNear}
      onClick={field.disabled ? undefined : onWanted}
      onKeyDown={(event) => {
        if (field.disabled || !opens(event, searchable)) return;
        event.preventDefault();
        onWanted();
      }}
    />
  );
}
