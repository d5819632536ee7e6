import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { asRequestError } from '../../relay/errors';

/** The server's limits (spec section 9), checked here too so a wrong file is named at once. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
export const MAX_FILES = 10;
/** Spec section 9: creating a publication times out after 15 s, a photo upload after 30 s. */
export const PUBLICATION_TIMEOUT_MS = 15_000;
export const PHOTO_UPLOAD_TIMEOUT_MS = 30_000;

export const isImage = (file: File) => file.type.startsWith('image/');
export const isVideo = (file: File) => file.type.startsWith('video/');

/** The spec's texts for a failed create or upload (section 8, "Publications and media"). */
const TEXTS = {
  auth: msg`Ошибка авторизации. Войдите заново`,
  tooLarge: msg`Файл слишком большой`,
  timeout: msg`Превышено время ожидания`,
  server: msg`Ошибка сервера. Попробуйте позже`,
};

function textForStatus(status: number | undefined, fallback: MessageDescriptor): string {
  if (status === 401) return i18n._(TEXTS.auth);
  if (status === 413) return i18n._(TEXTS.tooLarge);
  if (status !== undefined && status >= 500) return i18n._(TEXTS.server);
  return i18n._(fallback);
}

/** A request that failed: timeout, HTTP status, network. */
export function requestFailureText(error: unknown, fallback: MessageDescriptor): string {
  const failure = asRequestError(error);
  if (failure?.kind === 'timeout') return i18n._(TEXTS.timeout);
  return textForStatus(failure?.status, fallback);
}
