import { Checkbox, Grid } from '@mantine/core';
import type { FieldDef } from '@app/schema';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import {
  CharacterCounter,
  CounterAnnouncer,
  characterCount,
  hasLimits,
  visibleText,
  type LengthLimits,
} from '@/components/form/character-counter';
import { DateField } from '@/components/form/date-field';
import { FilePicker } from '@/components/form/file-picker';
import { NumberField } from '@/components/form/number-field';
import { PhoneListField } from '@/components/form/phone-list-field';
import { RelationMultiPicker, RelationPicker } from '@/components/form/relation-picker';
import { RichTextField } from '@/components/form/rich-text-field';
import type { Rule } from '@/components/form/rules';
import { MultiSelectField, SelectField } from '@/components/form/select-fields';
import { TextareaField } from '@/components/form/textarea-field';
import { TextField } from '@/components/form/basics/text-fields';
import type { FieldProps, FormRules, UseFormReturn } from '@/components/form/basics/use-form';
import { BASE_CURRENCY } from '@/config/constants';
import { declaredRules, fieldDef } from './common/declarations';
import { fieldLabelKey } from './field-label';

export type WidgetKind =
  | 'text'
  | 'textarea'
  | 'editor'
  | 'number'
  | 'money'
  | 'date'
  | 'select'
  | 'multiselect'
  | 'relation'
  | 'file'
  | 'list'
  | 'checkbox';

/** One field of a form or an entry dialog; everything not given comes from the declaration. */
export type FieldSpec<V> = {
  name: keyof V & string;
  /** Default: the field's one dictionary entry (`fields.<collection>.<field>`). */
  label?: string;
  /** Half a row from the `sm` breakpoint (default: the whole row). */
  half?: boolean;
  /** Under the label; an element where it holds a number or an amount (`<Money>`, `<Ltr>`). */
  description?: ReactNode;
  placeholder?: string;
  /** One text for every declared rule of the field (its screen's wording). */
  message?: string;
  /** Checks the declaration cannot state (a date not in the future…). */
  rules?: readonly Rule<never, V>[];
  /** Overrides the widget the field's type chooses. */
  widget?: WidgetKind;
  /** Labels of a select's values (default: the value itself). */
  optionLabel?: (value: string) => string;
  /** The select's values offered here, when fewer than declared (a workflow's next states). */
  values?: readonly string[];
  /** A relation's searched and shown field (default `title`). */
  displayField?: string;
  /** Passed to the widget as they are (step, maxDate, minRows…). */
  props?: Record<string, unknown>;
};

/** The widget a declared field gets unless its spec says otherwise. */
export function widgetOf(field: FieldDef): WidgetKind {
  switch (field.type) {
    case 'text':
      return (field.max ?? 0) > 500 ? 'textarea' : 'text';
    case 'editor':
      return 'editor';
    case 'number':
      return field.money ? 'money' : 'number';
    case 'date':
      return 'date';
    case 'select':
      return (field.maxSelect ?? 1) > 1 ? 'multiselect' : 'select';
    case 'relation':
      return 'relation';
    case 'file':
      return 'file';
    case 'json':
      return 'list';
    case 'bool':
      return 'checkbox';
    default:
      return 'text';
  }
}

/** The form rules of these fields: the declaration's, worded by the screen, plus their own. */
export function useSpecRules<V>(collection: string, specs: readonly FieldSpec<V>[]): FormRules<V> {
  const { t } = useTranslation();
  const result: Record<string, readonly Rule<never, V>[]> = {};
  for (const spec of specs) {
    const declared = declaredRules(fieldDef(collection, spec.name), {
      required: t('form.validationError'),
      tooLong: (max) => t('hrPeople.form.tooLong', { max }),
      invalid: spec.message,
    });
    result[spec.name] = [...declared, ...(spec.rules ?? [])];
  }
  return result as FormRules<V>;
}

type FieldWidgetProps<V> = { collection: string; spec: FieldSpec<V>; form: UseFormReturn<V> };

/** The wrapper order that puts the description, with the counter, under the input. */
const BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/** The declared length limits of a text or editor field (none for other types). */
function lengthLimits(field: FieldDef): LengthLimits {
  return field.type === 'text' || field.type === 'editor'
    ? { min: field.min, max: field.max, required: field.required }
    : {};
}

/** The input of one declared field, chosen from its type. */
export function FieldWidget<V>({ collection, spec, form }: FieldWidgetProps<V>): ReactNode {
  const { t } = useTranslation();
  const field = fieldDef(collection, spec.name);
  const kind = spec.widget ?? widgetOf(field);
  const counterId = useId();
  // The declaration says which value type the field holds; the widget is chosen from it.
  const bind = <T,>() => form.field(spec.name) as unknown as FieldProps<T>;
  // Text with a declared minimum or maximum length counts its characters while it is typed,
  // the counter under the input and read with it (the description's place, aria-describedby).
  const lengths = lengthLimits(field);
  const counted =
    hasLimits(lengths) && (kind === 'text' || kind === 'textarea' || kind === 'editor');
  const text = counted ? String(form.values[spec.name] ?? '') : '';
  const length = counted ? characterCount(kind === 'editor' ? visibleText(text) : text) : 0;
  const counter = counted ? (
    <CharacterCounter id={counterId} length={length} limits={lengths} />
  ) : null;
  const common = {
    label: spec.label ?? t(fieldLabelKey(collection, spec.name)),
    description: counter ? (
      <>
        {spec.description}
        {counter}
      </>
    ) : (
      spec.description
    ),
    ...(counter ? { inputWrapperOrder: BELOW } : {}),
    placeholder: spec.placeholder,
    required: Boolean(field.required),
    ...spec.props,
  };
  const announcer = counted ? <CounterAnnouncer length={length} limits={lengths} /> : null;
  const limits =
    field.type === 'number'
      ? {
          // Below the declared minimum still types, so the rule's message can say why.
          min: Math.min(0, field.min ?? 0),
          max: field.max,
          allowDecimal: !field.onlyInt,
        }
      : {};
  const options = () =>
    field.type === 'select'
      ? (spec.values ?? field.values).map((value) => ({
          value,
          label: spec.optionLabel?.(value) ?? value,
        }))
      : [];
  const relation = {
    collection: field.type === 'relation' ? field.collection : '',
    displayField: spec.displayField ?? 'title',
  };

  switch (kind) {
    case 'textarea':
      return (
        <>
          <TextareaField minRows={2} {...common} {...bind<string>()} />
          {announcer}
        </>
      );
    case 'editor':
      return (
        <>
          <RichTextField
            describedBy={counter ? counterId : undefined}
            {...common}
            {...bind<string>()}
          />
          {announcer}
        </>
      );
    case 'number':
      return <NumberField {...limits} {...common} {...bind<number | null>()} />;
    case 'money':
      return (
        <NumberField
          {...limits}
          step={1}
          rightSection={BASE_CURRENCY}
          rightSectionWidth={48}
          {...common}
          {...bind<number | null>()}
        />
      );
    case 'date':
      return <DateField {...common} {...bind<string | null>()} />;
    case 'select':
      return <SelectField data={options()} {...common} {...bind<string | null>()} />;
    case 'multiselect':
      return <MultiSelectField data={options()} {...common} {...bind<string[]>()} />;
    case 'relation':
      return field.type === 'relation' && (field.maxSelect ?? 1) > 1 ? (
        <RelationMultiPicker {...relation} {...common} {...bind<string[]>()} />
      ) : (
        <RelationPicker {...relation} {...common} {...bind<string | null>()} />
      );
    case 'file':
      return (
        <FilePicker
          multiple={field.type === 'file' && (field.maxSelect ?? 1) > 1}
          {...common}
          {...bind<File[]>()}
        />
      );
    case 'list':
      return <PhoneListField {...common} {...bind<string[]>()} />;
    case 'checkbox': {
      const { value, onChange, ...rest } = bind<boolean>();
      return (
        <Checkbox
          {...common}
          {...rest}
          checked={value}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    }
    default:
      return (
        <>
          <TextField autoComplete="off" {...common} {...bind<string>()} />
          {announcer}
        </>
      );
  }
}

/** The fields of a section on a grid: whole rows, or halves from `sm` up. */
export function FieldGrid<V>({
  collection,
  specs,
  form,
}: {
  collection: string;
  specs: readonly FieldSpec<V>[];
  form: UseFormReturn<V>;
}) {
  return (
    <Grid gap="md">
      {specs.map((spec) => (
        <Grid.Col key={spec.name} span={spec.half ? { base: 12, sm: 6 } : 12}>
          <FieldWidget collection={collection} spec={spec} form={form} />
        </Grid.Col>
      ))}
    </Grid>
  );
}
