import { useState } from 'react';
import { Button, Field as ChakraField, HStack, Input, NativeSelect, Stack, Textarea, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RichTextEditor } from '../RichTextEditor';
import { CONTENT_STATUSES, CONTENT_TYPES, STATUS_LABELS, TYPE_LABELS } from '../contentTexts';
import { Field } from '../../../components/ui/field';

export type ContentFormValues = {
  title: string;
  /** Blank: the server makes it from the title. */
  slug: string;
  content: string;
  excerpt: string;
  contentType: string;
  status: string;
  categoryId: string;
  tagIds: string[];
};

export const EMPTY_CONTENT: ContentFormValues = {
  title: '',
  slug: '',
  content: '',
  excerpt: '',
  contentType: 'POST',
  status: 'DRAFT',
  categoryId: '',
  tagIds: [],
};

/** The schema's enum value ('PUBLISHED') as the input takes it ('published'). */
export const toInput = (values: ContentFormValues) => ({
  title: values.title,
  slug: values.slug.trim() || null,
  content: values.content,
  excerpt: values.excerpt,
  contentType: values.contentType.toLowerCase(),
  status: values.status.toLowerCase(),
  categoryId: values.categoryId || null,
  tagIds: values.tagIds,
});

type Option = { id: string; name: string };

/** Create and edit: title, slug, the rich-text body, excerpt, type, status, category, tags. */
export function ContentForm({
  initial,
  categories,
  tags,
  saving,
  errors,
  submitLabel,
  onSubmit,
}: {
  initial: ContentFormValues;
  categories: readonly Option[];
  tags: readonly Option[];
  saving: boolean;
  errors: Record<string, string>;
  submitLabel: React.ReactNode;
  onSubmit: (values: ContentFormValues) => void;
}) {
  const { t } = useLingui();
  const [values, setValues] = useState(initial);
  const set = <K extends keyof ContentFormValues>(key: K, value: ContentFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  // Spec section 5: title, slug and content are required (the slug is made from the title when blank).
  const blank = !values.title.trim() || !values.content.trim();
  return (
    <Stack
      as="form"
      gap="4"
      data-testid="content-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank) onSubmit(values);
      }}
    >
      <Field label={<Trans>Заголовок</Trans>} errorText={errors.title} required>
        <Input value={values.title} onChange={(e) => set('title', e.target.value)} maxLength={255} data-testid="content-title" />
      </Field>
      <Field
        label={<Trans>Адрес (slug)</Trans>}
        helperText={<Trans>Латинские буквы, цифры и дефисы; кириллица транслитерируется</Trans>}
        errorText={errors.slug}
      >
        <Input
          value={values.slug}
          onChange={(e) => set('slug', e.target.value)}
          placeholder={t`Создаётся из заголовка`}
          maxLength={200}
          data-testid="content-slug"
        />
      </Field>
      <Field label={<Trans>Содержание</Trans>} errorText={errors.content} required>
        <RichTextEditor value={values.content} onChange={(html) => set('content', html)} />
      </Field>
      <Field label={<Trans>Краткое описание</Trans>} errorText={errors.excerpt}>
        <Textarea value={values.excerpt} onChange={(e) => set('excerpt', e.target.value)} maxLength={1000} rows={2} />
      </Field>
      <Stack direction={{ base: 'column', md: 'row' }} gap="4">
        <Field label={<Trans>Тип</Trans>}>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.contentType}
              onChange={(e) => set('contentType', e.target.value)}
              data-testid="content-type"
            >
              {CONTENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(TYPE_LABELS[type]!)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field>
        <Field label={<Trans>Статус</Trans>}>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.status}
              onChange={(e) => set('status', e.target.value)}
              data-testid="content-status"
            >
              {CONTENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(STATUS_LABELS[status]!)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field>
        <Field label={<Trans>Категория</Trans>} errorText={errors.categoryId}>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.categoryId}
              onChange={(e) => set('categoryId', e.target.value)}
              data-testid="content-category"
            >
              <option value="">{t`Без категории`}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field>
      </Stack>
      {tags.length > 0 && (
        <ChakraField.Root invalid={!!errors.tagIds}>
          <ChakraField.Label>
            <Trans>Теги</Trans>
          </ChakraField.Label>
          <Wrap gap="2" data-testid="content-tags">
            {tags.map((tag) => {
              const on = values.tagIds.includes(tag.id);
              return (
                <Button
                  key={tag.id}
                  size="xs"
                  variant={on ? 'solid' : 'outline'}
                  colorPalette="brand"
                  aria-pressed={on}
                  onClick={() => set('tagIds', on ? values.tagIds.filter((id) => id !== tag.id) : [...values.tagIds, tag.id])}
                >
                  #{tag.name}
                </Button>
              );
            })}
          </Wrap>
          <ChakraField.ErrorText>{errors.tagIds}</ChakraField.ErrorText>
        </ChakraField.Root>
      )}
      <HStack justify="flex-end">
        <Button type="submit" colorPalette="brand" loading={saving} disabled={blank} data-testid="content-save">
          {submitLabel}
        </Button>
      </HStack>
    </Stack>
  );
}
