import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CallNotice } from './call/callEngine';
import type { MediaFailure } from './call/media';

// Calls (spec section 8): each camera/microphone failure with its hint; the call returns to idle.
const MEDIA_FAILURES: Record<MediaFailure, MessageDescriptor> = {
  denied: msg`Доступ к камере или микрофону запрещён. Разрешите доступ в настройках браузера и попробуйте снова`,
  notFound: msg`Камера или микрофон не найдены. Подключите устройство и попробуйте снова`,
  inUse: msg`Камера или микрофон заняты другим приложением. Закройте его и попробуйте снова`,
  constraints: msg`Камера не поддерживает выбранное качество видео. Выберите качество ниже и попробуйте снова`,
  noWebRTC: msg`Браузер не поддерживает видеозвонки (WebRTC). Откройте LinkUp в современном браузере`,
  insecure: msg`Для звонков нужно защищённое соединение (HTTPS)`,
  unknown: msg`Не удалось получить доступ к камере или микрофону. Попробуйте снова`,
};

const NOTICES = {
  declined: msg`Собеседник отклонил звонок`,
  ended: msg`Звонок завершён`,
  noAnswer: msg`Собеседник не ответил`,
  roomClosed: msg`Комната закрыта`,
  screenShare: msg`Ошибка запуска демонстрации экрана`,
  busy: msg`Собеседник занят`,
  failed: msg`Не удалось подключиться. Попробуйте снова`,
};

/** The text shown for a call notice, and whether it reports a failure. */
export function callNoticeText(notice: CallNotice): { text: string; error: boolean } {
  switch (notice.kind) {
    case 'media':
      return { text: i18n._(MEDIA_FAILURES[notice.failure]), error: true };
    case 'server':
      return { text: notice.message || i18n._(NOTICES.failed), error: true };
    case 'screenShare':
      return { text: i18n._(NOTICES.screenShare), error: true };
    case 'recordingStarted': {
      const { name } = notice;
      return { text: i18n._(msg`${name} начинает запись встречи`), error: false };
    }
    default:
      return { text: i18n._(NOTICES[notice.kind]), error: false };
  }
}

// Voice messages (spec section 8, "Meeting area"): the microphone alerts.
export type MicrophoneFailure = 'denied' | 'notFound' | 'notSupported' | 'insecure' | 'unknown';
const MICROPHONE_FAILURES: Record<MicrophoneFailure, MessageDescriptor> = {
  denied: msg`Доступ к микрофону запрещен. Разрешите доступ в настройках браузера`,
  notFound: msg`Микрофон не найден. Подключите микрофон и попробуйте снова`,
  notSupported: msg`Запись голосовых сообщений не поддерживается в этом браузере`,
  insecure: msg`Для записи голоса нужно защищённое соединение (HTTPS)`,
  unknown: msg`Ошибка доступа к микрофону`,
};
export const microphoneFailureText = (failure: MicrophoneFailure) => i18n._(MICROPHONE_FAILURES[failure]);

export const ROOM_TYPE_LABELS: Record<string, MessageDescriptor> = {
  GROUP: msg`Группа`,
  LECTURE: msg`Лекция`,
  MEETING: msg`Встреча`,
  STUDY: msg`Занятие`,
  AUDIO_CALL: msg`Аудиозвонок`,
  VIDEO_CALL: msg`Видеозвонок`,
};

export const CLASS_ROLE_LABELS: Record<string, MessageDescriptor> = {
  ADMIN: msg`Администратор`,
  MODERATOR: msg`Модератор`,
  MEMBER: msg`Участник`,
  GUEST: msg`Гость`,
};

export const labelOf = (labels: Record<string, MessageDescriptor>, key: string) => (labels[key] ? i18n._(labels[key]) : key);

/** 75 → "1:15". */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The first letters of a name, for an avatar without a picture. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}
