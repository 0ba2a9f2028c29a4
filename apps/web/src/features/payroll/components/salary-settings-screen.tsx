import type { TFunction } from '@/lib/i18n/translator';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Ltr } from '@/components/person/ltr';
import { PageFrame } from '@/components/page/page-frame';
import { RecordSection } from '@/components/resource/record-section';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format/money';
import { ALLOWANCE_OPTIONS, DEDUCTION_OPTIONS, type SalaryOptionRecord } from '../types';

type OptionValues = {
  title: string;
  calculation: string;
  amount: number | null;
  percentage: number | null;
  description: string;
  active: boolean;
};

/** What an option adds or takes each month: its amount, or its percentage of the basic salary. */
export function optionValue(t: TFunction, o: SalaryOptionRecord) {
  return o.calculation === 'percentage' ? (
    t('payroll.settings.percentOfBasic', { percentage: o.percentage })
  ) : (
    <Ltr>{formatMoney(o.amount)}</Ltr>
  );
}

/** One list of options (allowances or deductions) with its dialog. */
function OptionSection({
  collection,
  kind,
}: {
  collection: string;
  kind: 'allowances' | 'deductions';
}) {
  const { t } = useTranslation();
  const k = (key: string) => t(`payroll.settings.${kind}.${key}`);
  return (
    <RecordSection<SalaryOptionRecord, OptionValues>
      collection={collection}
      list={{ sort: 'title' }}
      title={k('title')}
      help={k('help')}
      emptyTitle={k('empty')}
      minWidth={640}
      columns={[
        { field: 'title', strong: true },
        {
          field: 'calculation',
          render: (o) => t(`payroll.calculations.${o.calculation || 'fixed'}`),
        },
        { key: 'value', header: t('payroll.columns.value'), render: (o) => optionValue(t, o) },
        { field: 'active', render: (o) => (o.active ? t('payroll.yes') : t('payroll.no')) },
        { field: 'description', long: true },
      ]}
      texts={{
        add: k('add'),
        addTitle: k('addTitle'),
        editTitle: (o) => t('payroll.editOf', { name: o.title }),
        saved: (o) => t('payroll.saved', { name: o.title }),
        editOf: (o) => t('payroll.editOf', { name: o.title }),
        removeOf: (o) => t('payroll.removeOf', { name: o.title }),
        removeConfirm: (o) => t('payroll.removeConfirm', { name: o.title }),
      }}
      dialog={{
        size: 'md',
        fields: [
          { name: 'title' },
          {
            name: 'calculation',
            half: true,
            optionLabel: (v) => t(`payroll.calculations.${v}`),
          },
          {
            name: 'amount',
            half: true,
            description: t('payroll.settings.amountHint'),
          },
          {
            name: 'percentage',
            half: true,
            description: t('payroll.settings.percentageHint'),
            props: { decimalScale: 2, suffix: ' %' },
          },
          { name: 'active', description: t('payroll.settings.activeHint'), half: true },
          { name: 'description' },
        ],
        initialValues: (o) => ({
          title: o?.title ?? '',
          calculation: o?.calculation || 'fixed',
          amount: o ? o.amount : null,
          percentage: o ? o.percentage : null,
          description: o?.description ?? '',
          active: o ? o.active : true,
        }),
        toBody: (v) => ({
          ...v,
          title: v.title.trim(),
          description: v.description.trim(),
          amount: v.calculation === 'fixed' ? v.amount : 0,
          percentage: v.calculation === 'percentage' ? v.percentage : 0,
        }),
      }}
    />
  );
}

/** /finance/salaries/settings: the allowances and deductions employees' salaries are made of. */
export function SalarySettingsScreen() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('pages.salarySettings')}
      description={t('payroll.settings.help')}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: t('finance.area') },
        { label: t('pages.salarySettings') },
      ]}
    >
      <OptionSection collection={ALLOWANCE_OPTIONS} kind="allowances" />
      <OptionSection collection={DEDUCTION_OPTIONS} kind="deductions" />
    </PageFrame>
  );
}
