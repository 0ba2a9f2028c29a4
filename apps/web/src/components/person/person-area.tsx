import { Button, Grid, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertOctagon,
  IconFileImport,
  IconSettings,
  IconUser,
  IconUserPlus,
} from '@tabler/icons-react';
import type { TFunction } from '@/lib/i18n/translator';
import type { RecordModel } from 'pocketbase';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import type { UseFormReturn } from '@/components/form/use-form';
import { PageFrame } from '@/components/page/page-frame';
import { DangerZone } from '@/components/resource/danger-zone';
import { DetailTabs } from '@/components/resource/detail-tabs';
import { ListPage } from '@/components/resource/list-page';
import { RecordPage } from '@/components/resource/record-page';
import { useCanAct } from '@/components/resource/use-can-act';
import { useSaveRecord } from '@/components/resource/use-records';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/errors';
import { formatDate, formatDateTime } from '@/lib/format/date';
import { fileUrl, useRecord } from '@/lib/records';
import { useCan } from '@/lib/session';
import { InfoField } from './info-field';
import { Ltr } from './ltr';
import { PersonForm } from './person-form';
import { PersonProfileCard } from './person-profile-card';
import { dateWithDuration } from './person-text';
import {
  emptyPerson,
  personValuesFromRecord,
  phonesOf,
  todayInput,
  type PersonFormValues,
  type PersonRecordFields,
} from './person-values';
import { PhoneChips } from './phone-chips';

export type PersonRecord = RecordModel & PersonRecordFields & { created: string; updated: string };

/**
 * One kind of person (members, volunteers): what is its own. The screens (list, profile,
 * create, update, settings) are shared and read it.
 */
export type PersonArea<T extends PersonRecord> = {
  /** The collection, also the prefix of its texts (`members.list.create`…). */
  collection: 'members' | 'volunteers';
  /** The key of one record in `pages` (`member`: `pages.member`, `pages.memberNew`…). */
  one: 'member' | 'volunteer';
  expand: string;
  /** Collections that show this person's values (the dues summary shows the status). */
  alsoRefresh: readonly string[];
  /** The status the profile shows (a member may be lapsed). */
  status: (person: T) => string;
  /** The area's own values (status, type, skills…) and the request body of all of them. */
  ownValues: (
    person: T,
  ) => Partial<Pick<PersonFormValues, 'status' | 'membership_type' | 'skills' | 'availability'>>;
  body: (values: PersonFormValues) => Record<string, unknown>;
  /** The server's field names where the form calls them otherwise. */
  fieldErrors?: (errors: Record<string, string>) => Record<string, string>;
  createdMessage: (t: TFunction, person: T) => string;
  /** The form's third step: the key of its label and its own fields. */
  details: { labelKey: string; Fields: ComponentType<{ form: UseFormReturn<PersonFormValues> }> };
  /** The profile's own: card lines, a warning, facts, the child-record tab. */
  profile: {
    Card?: ComponentType<{ person: T }>;
    Alert?: ComponentType<{ person: T }>;
    Facts: ComponentType<{ person: T }>;
    childTab: {
      value: string;
      icon: ReactNode;
      Tab: ComponentType<{ person: T }>;
    };
  };
  Table: ComponentType;
  Import: ComponentType<{ opened: boolean; onClose: () => void }>;
  Settings: ComponentType;
};

function areaPaths(area: PersonArea<PersonRecord>) {
  return paths.hr[area.collection];
}

function useTexts(area: { collection: string; one: string }) {
  const { t } = useTranslation();
  return {
    t,
    list: t(`pages.${area.collection}`),
    one: t(`pages.${area.one}`),
    text: (key: string, values?: Record<string, unknown>) => t(`${area.collection}.${key}`, values),
  };
}

/** The list: settings, import and create by permission, and the area's table. */
export function PersonListPage<T extends PersonRecord>({ area }: { area: PersonArea<T> }) {
  const { t, list, text } = useTexts(area);
  const to = areaPaths(area as unknown as PersonArea<PersonRecord>);
  const canCreate = useCanAct(area.collection, 'create');
  const canSettings = useCan('hr_settings.read');
  const [importOpened, importDialog] = useDisclosure(false);
  return (
    <ListPage
      title={list}
      trail={[{ label: t('nav.modules.hr') }, { label: list }]}
      collection={area.collection}
      create={{
        href: to.new.getHref(),
        label: text('list.create'),
        icon: <IconUserPlus size={18} />,
      }}
      actions={
        <>
          {canSettings && (
            <Button
              variant="default"
              component={Link}
              to={to.settings.getHref()}
              leftSection={<IconSettings size={18} />}
            >
              {text('list.settings')}
            </Button>
          )}
          {canCreate && (
            <Button
              variant="default"
              onClick={importDialog.open}
              leftSection={<IconFileImport size={18} />}
            >
              {t('hrPeople.import.open')}
            </Button>
          )}
        </>
      }
    >
      <area.Table />
      {canCreate && <area.Import opened={importOpened} onClose={importDialog.close} />}
    </ListPage>
  );
}

/** The profile: overview, the child records and (by permission) the danger zone. */
export function PersonViewPage<T extends PersonRecord>({ area }: { area: PersonArea<T> }) {
  const { t, list, one, text } = useTexts(area);
  const navigate = useNavigate();
  const to = areaPaths(area as unknown as PersonArea<PersonRecord>);
  const { id = '' } = useParams();
  const person = useRecord<T>(area.collection, id, { expand: area.expand });
  const canUpdate = useCanAct(area.collection, 'update');
  const canDelete = useCanAct(area.collection, 'delete');
  const { childTab } = area.profile;
  return (
    <RecordPage
      query={person}
      title={person.data?.name || one}
      trail={[{ label: list, to: to.list.getHref() }]}
      updateHref={canUpdate ? to.update.getHref(id) : undefined}
    >
      {(record) => (
        <DetailTabs
          tabs={[
            {
              value: 'overview',
              label: text('tabs.overview'),
              icon: <IconUser size={16} />,
              content: <PersonOverview area={area} person={record} />,
            },
            {
              value: childTab.value,
              label: text(`tabs.${childTab.value}`),
              icon: childTab.icon,
              content: <childTab.Tab person={record} />,
            },
            ...(canDelete
              ? [
                  {
                    value: 'settings',
                    label: t('hrPeople.danger.tab'),
                    icon: <IconAlertOctagon size={16} />,
                    danger: true,
                    content: (
                      <DangerZone
                        collection={area.collection}
                        record={record}
                        alsoRefresh={area.alsoRefresh}
                        help={text('danger.help')}
                        confirmMessage={text('danger.confirm', { name: record.name })}
                        onRemoved={() => navigate(to.list.getHref(), { replace: true })}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </RecordPage>
  );
}

/** Identity card, the area's facts, then contact details. */
function PersonOverview<T extends PersonRecord>({
  area,
  person,
}: {
  area: PersonArea<T>;
  person: T;
}) {
  const { t, i18n } = useTranslation();
  const { text } = useTexts(area);
  const none = t('common.none');
  const phones = phonesOf(person.phone_numbers);
  const since = dateWithDuration(person.starting_date, i18n.language);
  const { profile } = area;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <PersonProfileCard person={person} status={area.status(person)}>
          {profile.Card && <profile.Card person={person} />}
        </PersonProfileCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          {profile.Alert && <profile.Alert person={person} />}
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Text fw={600}>
                {since ? text('profile.since', { since }) : text('profile.noJoiningDate')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
                <profile.Facts person={person} />
                <InfoField label={t('hrPeople.fields.joiningDate')} empty={none}>
                  {person.starting_date ? formatDate(person.starting_date) : ''}
                </InfoField>
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <InfoField label={t('hrPeople.fields.birthDate')} empty={none}>
                {person.birth_date ? formatDate(person.birth_date) : ''}
              </InfoField>
              <InfoField label={t('hrPeople.fields.address')} empty={none}>
                {person.address}
              </InfoField>
              <InfoField label={t('hrPeople.fields.phones')} empty={none}>
                {phones.length > 0 && <PhoneChips phones={phones} />}
              </InfoField>
              <InfoField label={t('hrPeople.fields.email')} empty={none}>
                {person.email && (
                  <Text size="sm">
                    <Ltr>{person.email}</Ltr>
                  </Text>
                )}
              </InfoField>
              <InfoField label={t('hrPeople.fields.notes')} empty={none}>
                {person.notes}
              </InfoField>
              <InfoField label={t('common.updated')}>{formatDateTime(person.updated)}</InfoField>
            </SimpleGrid>
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

type FormPageProps<T extends PersonRecord> = {
  area: PersonArea<T>;
  person?: T;
};

/** Create (then open the new record) or update (then back to the record) a person. */
function PersonFormPage<T extends PersonRecord>({ area, person }: FormPageProps<T>) {
  const { t, text } = useTexts(area);
  const navigate = useNavigate();
  const to = areaPaths(area as unknown as PersonArea<PersonRecord>);
  const save = useSaveRecord<T>(area.collection, area.alsoRefresh);
  const [initialValues] = useState<PersonFormValues>(() =>
    person
      ? { ...emptyPerson(''), ...personValuesFromRecord(person), ...area.ownValues(person) }
      : emptyPerson(todayInput()),
  );
  const { Fields } = area.details;
  return (
    <PersonForm
      mode={person ? 'update' : 'create'}
      initialValues={initialValues}
      currentAvatarUrl={person ? fileUrl(person, person.avatar, '200x200') : undefined}
      detailsLabel={t(area.details.labelKey)}
      renderDetails={(form) => <Fields form={form} />}
      submitting={save.isPending}
      serverError={save.error ? toAppError(save.error).message : null}
      submitLabel={person ? t('common.update') : t('common.save')}
      onCancel={() => navigate(person ? to.view.getHref(person.id) : to.list.getHref())}
      onSubmit={(values, showFieldErrors) =>
        save.mutate(
          { id: person?.id, body: area.body(values) },
          {
            onSuccess: (saved) => {
              notifications.show({
                color: 'green',
                title: text(person ? 'updated.title' : 'created.title'),
                message: person
                  ? text('updated.body', { name: saved.name })
                  : area.createdMessage(t, saved),
              });
              navigate(to.view.getHref(saved.id));
            },
            onError: (error) => {
              const errors = toAppError(error).fieldErrors;
              showFieldErrors(area.fieldErrors ? area.fieldErrors(errors) : errors);
            },
          },
        )
      }
    />
  );
}

export function PersonNewPage<T extends PersonRecord>({ area }: { area: PersonArea<T> }) {
  const { t, list } = useTexts(area);
  const title = t(`pages.${area.one}New`);
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: list, to: areaPaths(area as unknown as PersonArea<PersonRecord>).list.getHref() },
        { label: title },
      ]}
    >
      <PersonFormPage area={area} />
    </PageFrame>
  );
}

export function PersonUpdatePage<T extends PersonRecord>({ area }: { area: PersonArea<T> }) {
  const { t, list, one } = useTexts(area);
  const to = areaPaths(area as unknown as PersonArea<PersonRecord>);
  const { id = '' } = useParams();
  const person = useRecord<T>(area.collection, id, { expand: area.expand });
  return (
    <RecordPage
      query={person}
      title={t(`pages.${area.one}Update`)}
      description={person.data?.name}
      trail={[
        { label: list, to: to.list.getHref() },
        { label: person.data?.name ?? one, to: to.view.getHref(id) },
      ]}
    >
      {(record) => <PersonFormPage area={area} person={record} />}
    </RecordPage>
  );
}

export function PersonSettingsPage<T extends PersonRecord>({ area }: { area: PersonArea<T> }) {
  const { t, list } = useTexts(area);
  const canList = useCanAct(area.collection, 'list');
  const title = t(`pages.${area.one}Settings`);
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        {
          label: list,
          to: canList
            ? areaPaths(area as unknown as PersonArea<PersonRecord>).list.getHref()
            : undefined,
        },
        { label: title },
      ]}
    >
      <area.Settings />
    </PageFrame>
  );
}
