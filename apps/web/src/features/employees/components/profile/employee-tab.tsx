import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Code,
  CopyButton,
  Grid,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Tooltip } from '@/components/tooltip/tooltip';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCake,
  IconCheck,
  IconCopy,
  IconFileDescription,
  IconFolder,
} from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format/date';
import { fileUrl } from '@/lib/data/records';
import type { EmployeeRecord } from '../../types';
import { daysUntilBirthday, yearsAndMonths } from '../../utils/dates';
import { formatUnit, formatYearsMonths } from '../../utils/units';
import { EmployeeStatusBadge } from '../employee-status-badge';
import { sexAndAge } from '../employee-text';
import { RichTextView } from '@/components/resource/rich-text-view';
import { InfoItem } from './info-item';

function NextBirthday({ birthDate }: { birthDate: string }) {
  const { t, i18n } = useTranslation();
  const days = daysUntilBirthday(birthDate);
  if (days === null) return null;
  const text =
    days === 0
      ? t('employees.profile.birthdayToday')
      : days === 1
        ? t('employees.profile.birthdayTomorrow')
        : t('employees.profile.birthdayIn', { days: formatUnit(days, 'day', i18n.language) });
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      <IconCake size={16} color="var(--mantine-color-pink-6)" />
      <Text size="sm">
        {t('employees.profile.nextBirthday')}: <b>{text}</b>
      </Text>
    </Group>
  );
}

/** The Employee tab: identity on one side, employment and contact on the other. */
export function EmployeeTab({ employee }: { employee: EmployeeRecord }) {
  const { t, i18n } = useTranslation();
  const [jobOpened, job] = useDisclosure(false);
  const expand = employee.expand ?? {};
  const none = t('common.none');
  const details = sexAndAge(t, i18n, employee);
  const phones = Array.isArray(employee.phone_numbers) ? employee.phone_numbers : [];
  const inPost = yearsAndMonths(employee.starting_date);
  const startedAt = employee.starting_date
    ? `${formatDate(employee.starting_date)}${inPost ? ` (${formatYearsMonths(inPost, i18n.language)})` : ''}`
    : none;
  const qualification = expand.qualification?.title ?? '';
  const childCount = employee.number_of_children ?? 0;
  const children =
    childCount === 1
      ? t('employees.profile.oneChild')
      : t('employees.profile.children', { count: childCount });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="lg" p="lg" h="100%">
          <Stack align="center" gap="xs" ta="center">
            <Avatar
              src={fileUrl(employee, employee.avatar, '200x200')}
              name={employee.name}
              color="initials"
              size={120}
              radius={120}
              alt={employee.name}
            />
            <Title order={2} fz="xl">
              {employee.name}
            </Title>
            {employee.email && (
              <Anchor href={`mailto:${employee.email}`} size="sm">
                {employee.email}
              </Anchor>
            )}
            <Group gap={4} justify="center" wrap="nowrap">
              <Code fz="xs">{employee.id}</Code>
              <CopyButton value={employee.id}>
                {({ copied, copy }) => (
                  <Tooltip
                    label={copied ? t('employees.profile.copied') : t('employees.profile.copyId')}
                  >
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      onClick={copy}
                      aria-label={t('employees.profile.copyId')}
                    >
                      {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            {details && (
              <Badge variant="outline" color="gray" tt="none">
                {details}
              </Badge>
            )}
            <EmployeeStatusBadge status={employee.employment_status} />
            {employee.birth_date && (
              <Stack gap={2} mt="xs">
                <NextBirthday birthDate={employee.birth_date} />
                <Text size="xs" c="dimmed">
                  {t('fields.employees.birth_date')}: {formatDate(employee.birth_date)}
                </Text>
              </Stack>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              {expand.project && (
                <Anchor
                  component={Link}
                  to={paths.projects.view.getHref(expand.project.id)}
                  underline="never"
                >
                  <Badge
                    size="lg"
                    variant="light"
                    tt="none"
                    leftSection={<IconFolder size={14} />}
                    style={{ cursor: 'pointer', maxWidth: '100%' }}
                  >
                    {t('employees.profile.project', { title: expand.project.title })}
                  </Badge>
                </Anchor>
              )}
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <InfoItem label={t('fields.employees.employment_type')}>
                  {expand.employment_type?.title ?? none}
                </InfoItem>
                <InfoItem label={t('fields.employees.employment_position')}>
                  <Group gap={4} wrap="nowrap">
                    <span>{expand.employment_position?.title ?? none}</span>
                    <Tooltip label={t('employees.profile.jobDescription')}>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        onClick={job.open}
                        aria-label={t('employees.profile.jobDescription')}
                      >
                        <IconFileDescription size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </InfoItem>
                <InfoItem label={t('fields.employees.employment_section')}>
                  {expand.employment_section?.title ?? none}
                </InfoItem>
                <InfoItem label={t('fields.employees.shift')}>
                  {expand.shift?.title ?? none}
                </InfoItem>
                <InfoItem label={t('fields.employees.qualification')}>
                  {qualification || none}
                  {employee.specialization ? ` (${employee.specialization})` : ''}
                </InfoItem>
                <InfoItem label={t('fields.employees.starting_date')}>{startedAt}</InfoItem>
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <InfoItem label={t('fields.employees.address')}>
                <span style={{ whiteSpace: 'pre-wrap' }}>{employee.address || none}</span>
              </InfoItem>
              <InfoItem label={t('employees.profile.family')}>
                {employee.marital_status
                  ? `${t(`employees.marital.${employee.marital_status}`)} | ${children}`
                  : children}
              </InfoItem>
              <InfoItem label={t('fields.employees.phone_numbers')}>
                {phones.length === 0 ? (
                  none
                ) : (
                  <Group gap={6} mt={2}>
                    {phones.map((phone) => (
                      <Badge
                        key={phone}
                        component="a"
                        href={`tel:${phone.replace(/\s+/g, '')}`}
                        variant="light"
                        color="gray"
                        tt="none"
                        style={{ cursor: 'pointer' }}
                      >
                        <span className="ltr-value">{phone}</span>
                      </Badge>
                    ))}
                  </Group>
                )}
              </InfoItem>
            </SimpleGrid>
          </Paper>
        </Stack>
      </Grid.Col>
      <Modal
        opened={jobOpened}
        onClose={job.close}
        title={t('employees.profile.jobDescription')}
        size="lg"
        radius="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <RichTextView
          html={employee.job_description}
          empty={t('employees.profile.noJobDescription')}
        />
      </Modal>
    </Grid>
  );
}
