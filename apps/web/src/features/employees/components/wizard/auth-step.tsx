import { Alert, Button, Collapse, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconInfoCircle, IconKey } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { PasswordField } from '@/components/form/basics/text-fields';
import { MIN_PASSWORD_LENGTH } from '@/config/constants';
import type { RoleRecord } from '@/lib/models';
import { useCan } from '@/lib/session';
import { RoleCards } from '@/components/resource/role-cards';
import type { StepProps } from './step-props';

type AuthStepProps = StepProps & {
  roles: RoleRecord[];
  rolesLoading: boolean;
  passwordOpen: boolean;
  onPasswordOpenChange: (open: boolean) => void;
};

/** Step 5: the password (new employee, or one's own change) and the roles. */
export function AuthStep({
  form,
  access,
  editable,
  roles,
  rolesLoading,
  passwordOpen,
  onPasswordOpenChange,
}: AuthStepProps) {
  const { t } = useTranslation();
  const canReadRoles = useCan('roles.read');
  const showLabel = t('auth.showPassword');
  const hint = t('employees.wizard.passwordHint', { min: MIN_PASSWORD_LENGTH });

  const passwordFields = (
    <Grid gap="md">
      {access.mode === 'update' && (
        <Grid.Col span={12}>
          <PasswordField
            label={t('employees.account.oldPassword')}
            autoComplete="current-password"
            showLabel={showLabel}
            {...form.field('oldPassword')}
            maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
          />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <PasswordField
          label={t('employees.account.password')}
          description={hint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required={access.mode === 'create'}
          autoComplete="new-password"
          showLabel={showLabel}
          {...form.field('password')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <PasswordField
          label={t('employees.account.passwordConfirm')}
          required={access.mode === 'create'}
          autoComplete="new-password"
          showLabel={showLabel}
          {...form.field('passwordConfirm')}
        />
      </Grid.Col>
    </Grid>
  );

  return (
    <Stack gap="lg">
      {access.mode === 'create' && editable('password') && (
        <Stack gap="sm">
          <Title order={3} fz="md">
            {t('employees.wizard.createPassword')}
          </Title>
          {passwordFields}
        </Stack>
      )}

      {access.mode === 'update' && access.own && (
        <Paper withBorder radius="md" p="md">
          <Button
            variant="subtle"
            px={0}
            leftSection={<IconKey size={16} />}
            rightSection={
              passwordOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />
            }
            aria-expanded={passwordOpen}
            onClick={() => {
              if (passwordOpen) {
                form.setValues({ oldPassword: '', password: '', passwordConfirm: '' });
              }
              onPasswordOpenChange(!passwordOpen);
            }}
          >
            {t('employees.wizard.changePassword')}
          </Button>
          <Collapse expanded={passwordOpen}>
            <Stack gap="sm" pt="sm">
              <Text size="sm" c="dimmed">
                {t('employees.wizard.changePasswordHelp')}
              </Text>
              {passwordFields}
            </Stack>
          </Collapse>
        </Paper>
      )}

      {access.mode === 'update' && !access.own && access.canAuth && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          {t('employees.wizard.resetInstead')}
        </Alert>
      )}

      {access.canAuth && editable('roles') && !canReadRoles && (
        <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} />}>
          {t('employees.wizard.rolesHidden')}
        </Alert>
      )}

      {access.canAuth && (
        <RoleCards
          texts={{
            label: 'fields.employees.roles',
            selected: 'employees.wizard.rolesSelected',
            none: 'employees.wizard.noRoles',
          }}
          roles={roles}
          loading={rolesLoading}
          value={form.values.roles}
          onChange={(v) => form.setValue('roles', v)}
          error={form.errors.roles}
          disabled={!editable('roles')}
        />
      )}
    </Stack>
  );
}
