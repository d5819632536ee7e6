import { useState } from 'react';
import { Button, Field, HStack, Input, NativeSelect, Stack, Textarea, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RichTextEditor } from '../RichTextEditor';
import { CONTENT_STATUSES, CONTENT_TYPES, STATUS_LABELS, TYPE_LABELS } from '../contentTexts';

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
      <Field.Root required invalid={!!errors.title}>
        <Field.Label>
          <Trans>Заголовок</Trans>
        </Field.Label>
        <Input value={values.title} onChange={(e) => set('title', e.target.value)} maxLength={255} data-testid="content-title" />
        <Field.ErrorText>{errors.title}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!errors.slug}>
        <Field.Label>
          <Trans>Адрес (slug)</Trans>
        </Field.Label>
        <Input
          value={values.slug}
          onChange={(e) => set('slug', e.target.value)}
          placeholder={t`Создаётся из заголовка`}
          maxLength={200}
          data-testid="content-slug"
        />
        <Field.HelperText>
          <Trans>Латинские буквы, цифры и дефисы; кириллица транслитерируется</Trans>
        </Field.HelperText>
        <Field.ErrorText>{errors.slug}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={!!errors.content}>
        <Field.Label>
          <Trans>Содержание</Trans>
        </Field.Label>
        <RichTextEditor value={values.content} onChange={(html) => set('content', html)} />
        <Field.ErrorText>{errors.content}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!errors.excerpt}>
        <Field.Label>
          <Trans>Краткое описание</Trans>
        </Field.Label>
        <Textarea value={values.excerpt} onChange={(e) => set('excerpt', e.target.value)} maxLength={1000} rows={2} />
        <Field.ErrorText>{errors.excerpt}</Field.ErrorText>
      </Field.Root>
      <Stack direction={{ base: 'column', md: 'row' }} gap="4">
        <Field.Root>
          <Field.Label>
            <Trans>Тип</Trans>
          </Field.Label>
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
        </Field.Root>
        <Field.Root>
          <Field.Label>
            <Trans>Статус</Trans>
          </Field.Label>
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
        </Field.Root>
        <Field.Root invalid={!!errors.categoryId}>
          <Field.Label>
            <Trans>Категория</Trans>
          </Field.Label>
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
          <Field.ErrorText>{errors.categoryId}</Field.ErrorText>
        </Field.Root>
      </Stack>
      {tags.length > 0 && (
        <Field.Root invalid={!!errors.tagIds}>
          <Field.Label>
            <Trans>Теги</Trans>
          </Field.Label>
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
          <Field.ErrorText>{errors.tagIds}</Field.ErrorText>
        </Field.Root>
      )}
      <HStack justify="flex-end">
        <Button type="submit" colorPalette="brand" loading={saving} disabled={blank} data-testid="content-save">
          {submitLabel}
        </Button>
      </HStack>
    </Stack>
  );
}
