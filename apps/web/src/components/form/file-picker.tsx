import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconFile, IconPaperclip, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useObjectUrl } from './use-object-url';

export type StoredFile = { name: string; url: string };

type FilePickerProps = {
  label?: ReactNode;
  /** Files chosen now (uploaded on save). */
  value: File[];
  onChange: (files: File[]) => void;
  /** Files already stored on the record. */
  current?: StoredFile[];
  /** Called with a stored file's name when the user removes it. */
  onRemoveCurrent?: (name: string) => void;
  multiple?: boolean;
  accept?: string;
  error?: ReactNode;
  description?: ReactNode;
};

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function isImageName(name: string): boolean {
  return /\.(png|jpe?g|gif|webp|svg)$/i.test(name);
}

function NewFile({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t } = useTranslation();
  const url = useObjectUrl(file.type.startsWith('image/') ? file : null);
  return (
    <FileCard
      name={file.name}
      detail={formatSize(file.size)}
      preview={url}
      removeLabel={t('form.files.remove', { name: file.name })}
      onRemove={onRemove}
    />
  );
}

function FileCard({
  name,
  detail,
  preview,
  href,
  removeLabel,
  onRemove,
}: {
  name: string;
  detail?: string;
  preview: string | null;
  href?: string;
  removeLabel: string;
  onRemove?: () => void;
}) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Group gap="xs" wrap="nowrap">
        {preview ? (
          <Image src={preview} w={44} h={44} radius="sm" fit="cover" alt="" />
        ) : (
          <ThemeIcon variant="light" size={44}>
            <IconFile size={22} />
          </ThemeIcon>
        )}
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          {href ? (
            <Anchor href={href} target="_blank" rel="noreferrer" size="sm" truncate>
              {name}
            </Anchor>
          ) : (
            <Text size="sm" truncate>
              {name}
            </Text>
          )}
          {detail && (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          )}
        </Stack>
        {onRemove && (
          <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={removeLabel}>
            <IconX size={16} />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}

/** Chooses one or several files with a preview of images; stored files can be removed. */
export function FilePicker({
  label,
  value,
  onChange,
  current = [],
  onRemoveCurrent,
  multiple = true,
  accept,
  error,
  description,
}: FilePickerProps) {
  const { t } = useTranslation();
  const hasFiles = value.length > 0 || current.length > 0;
  return (
    <Input.Wrapper label={label} error={error} description={description}>
      <Stack gap="xs" mt={6}>
        <Group>
          <FileButton
            multiple={multiple}
            accept={accept}
            onChange={(picked: File[] | File | null) => {
              const list = Array.isArray(picked) ? picked : picked ? [picked] : [];
              onChange(multiple ? [...value, ...list] : list.slice(0, 1));
            }}
          >
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconPaperclip size={16} />}
              >
                {multiple ? t('form.files.selectMany') : t('form.files.selectOne')}
              </Button>
            )}
          </FileButton>
        </Group>
        {hasFiles && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {current.map((file) => (
              <FileCard
                key={file.name}
                name={file.name}
                preview={isImageName(file.name) ? file.url : null}
                href={file.url}
                removeLabel={t('form.files.remove', { name: file.name })}
                onRemove={onRemoveCurrent ? () => onRemoveCurrent(file.name) : undefined}
              />
            ))}
            {value.map((file, i) => (
              <NewFile
                key={`${file.name}-${i}`}
                file={file}
                onRemove={() => onChange(value.filter((_, j) => j !== i))}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
