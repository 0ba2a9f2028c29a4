import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageFrame } from '@/components/page/page-frame';
import { RecordPage } from '@/components/resource/record-page';
import { useSaveRecord } from '@/components/resource/use-records';
import { paths } from '@/config/paths';
import { toAppError } from '@/lib/errors';
import { fileUrl, useRecord } from '@/lib/data/records';
import { PersonForm } from './person-form';
import {
  personPaths,
  usePersonTexts,
  type PersonFormParts,
  type PersonKind,
  type PersonRecord,
} from './person-kind';
import {
  emptyPerson,
  personValuesFromRecord,
  todayInput,
  type PersonFormValues,
} from './person-values';

type FormPageProps<T extends PersonRecord> = {
  kind: PersonKind<T>;
  form: PersonFormParts<T>;
  person?: T;
};

/** Create (then open the new record) or update (then back to the record) a person. */
function PersonFormPage<T extends PersonRecord>({ kind, form, person }: FormPageProps<T>) {
  const { t, text } = usePersonTexts(kind);
  const navigate = useNavigate();
  const to = personPaths(kind);
  const save = useSaveRecord<T>(kind.collection, kind.alsoRefresh);
  const [initialValues] = useState<PersonFormValues>(() =>
    person
      ? { ...emptyPerson(''), ...personValuesFromRecord(person), ...form.ownValues(person) }
      : emptyPerson(todayInput()),
  );
  const { Fields } = form.details;
  return (
    <PersonForm
      collection={kind.collection}
      mode={person ? 'update' : 'create'}
      initialValues={initialValues}
      currentAvatarUrl={person ? fileUrl(person, person.avatar, '200x200') : undefined}
      detailsLabel={t(form.details.labelKey)}
      renderDetails={(form) => <Fields form={form} />}
      submitting={save.isPending}
      serverError={save.error ? toAppError(save.error).message : null}
      submitLabel={person ? t('common.update') : t('common.save')}
      onCancel={() => navigate(person ? to.view.getHref(person.id) : to.list.getHref())}
      onSubmit={(values, showFieldErrors) =>
        save.mutate(
          { id: person?.id, body: form.body(values) },
          {
            onSuccess: (saved) => {
              notifications.show({
                color: 'green',
                title: text(person ? 'updated.title' : 'created.title'),
                message: person
                  ? text('updated.body', { name: saved.name })
                  : form.createdMessage(t, saved),
              });
              navigate(to.view.getHref(saved.id));
            },
            onError: (error) => {
              const errors = toAppError(error).fieldErrors;
              showFieldErrors(form.fieldErrors ? form.fieldErrors(errors) : errors);
            },
          },
        )
      }
    />
  );
}

/** The kind and its form's own parts. */
type FormScreenProps<T extends PersonRecord> = { kind: PersonKind<T>; form: PersonFormParts<T> };

export function PersonNewPage<T extends PersonRecord>({ kind, form }: FormScreenProps<T>) {
  const { t, list } = usePersonTexts(kind);
  const title = t(`pages.${kind.one}New`);
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        { label: t('nav.home'), to: paths.home.getHref() },
        { label: list, to: personPaths(kind).list.getHref() },
        { label: title },
      ]}
    >
      <PersonFormPage kind={kind} form={form} />
    </PageFrame>
  );
}

export function PersonUpdatePage<T extends PersonRecord>({ kind, form }: FormScreenProps<T>) {
  const { t, list, one } = usePersonTexts(kind);
  const to = personPaths(kind);
  const { id = '' } = useParams();
  const person = useRecord<T>(kind.collection, id, { expand: kind.expand });
  return (
    <RecordPage
      query={person}
      title={t(`pages.${kind.one}Update`)}
      description={person.data?.name}
      trail={[
        { label: list, to: to.list.getHref() },
        { label: person.data?.name ?? one, to: to.view.getHref(id) },
      ]}
    >
      {(record) => <PersonFormPage kind={kind} form={form} person={record} />}
    </RecordPage>
  );
}
