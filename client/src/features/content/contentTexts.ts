import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The spec's three types and statuses (section 9), as the schema's enums and as the inputs take them. */
export const CONTENT_TYPES = ['POST', 'PAGE', 'ARTICLE'] as const;
export const CONTENT_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;

export const TYPE_LABELS: Record<string, MessageDescriptor> = {
  POST: msg`Пост`,
  PAGE: msg`Страница`,
  ARTICLE: msg`Статья`,
};

export const STATUS_LABELS: Record<string, MessageDescriptor> = {
  DRAFT: msg`Черновик`,
  PUBLISHED: msg`Опубликовано`,
  ARCHIVED: msg`В архиве`,
};

export const STATUS_COLORS: Record<string, string> = { DRAFT: 'gray', PUBLISHED: 'green', ARCHIVED: 'orange' };
