import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The plans' feature keys (server: PLAN_FEATURES) in the reader's language. */
export const FEATURE_LABELS: Record<string, MessageDescriptor> = {
  text_chat: msg`Текстовый чат`,
  screen_sharing: msg`Демонстрация экрана`,
  basic_quality: msg`Базовые настройки качества`,
  recording: msg`Запись звонков`,
  cloud_storage: msg`Облачное хранилище`,
  support_24_7: msg`Поддержка 24/7`,
};

export const FEATURE_ORDER = Object.keys(FEATURE_LABELS);

export const STATUS_LABELS: Record<string, MessageDescriptor> = {
  PENDING: msg`Ожидает оплаты`,
  ACTIVE: msg`Активна`,
  INACTIVE: msg`Неактивна`,
  EXPIRED: msg`Истекла`,
};

export const STATUS_COLORS: Record<string, string> = {
  PENDING: 'orange',
  ACTIVE: 'green',
  INACTIVE: 'gray',
  EXPIRED: 'red',
};

export const PAYMENT_LABELS: Record<string, MessageDescriptor> = {
  card: msg`Банковская карта`,
  transfer: msg`Банковский перевод`,
  qr: msg`QR-код (СБП)`,
};

export const PAYMENT_HINTS: Record<string, MessageDescriptor> = {
  card: msg`Переход на защищённую страницу оплаты`,
  transfer: msg`Реквизиты придут на email; подписка активируется после поступления оплаты`,
  qr: msg`Оплата через Систему быстрых платежей`,
};
