import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { asRequestError } from '../../relay/errors';
import { mutationErrorText, type MutationErrorKey } from '../../relay/mutationError';

/** The spec's login texts (section 8, "Authentication"). */
export const LOGIN_ERRORS = {
  invalidCredentials: msg`Неверный email или пароль`,
  rateLimited: msg`Слишком много попыток входа. Попробуйте позже`,
  timeout: msg`Превышено время ожидания. Проверьте подключение`,
  server: msg`Ошибка сервера. Попробуйте позже`,
  other: msg`Ошибка авторизации`,
};

/**
 * The text for a signIn answer that is not a success: the spec's for wrong credentials and too many
 * attempts; a ValidationError's own (translated) text says which field is wrong.
 */
export function loginResultErrorText(error: MutationErrorKey | null | undefined): string {
  return mutationErrorText(error, i18n._(LOGIN_ERRORS.other), {
    InvalidCredentialsError: LOGIN_ERRORS.invalidCredentials,
    RateLimitError: LOGIN_ERRORS.rateLimited,
  });
}

/** The text for a signIn request that failed (timeout, HTTP status, network). */
export function loginRequestErrorText(error: unknown): string {
  const failure = asRequestError(error);
  if (failure?.kind === 'timeout') return i18n._(LOGIN_ERRORS.timeout);
  const status = failure?.status;
  if (status === 401) return i18n._(LOGIN_ERRORS.invalidCredentials);
  if (status === 429) return i18n._(LOGIN_ERRORS.rateLimited);
  if (status !== undefined && status >= 500) return i18n._(LOGIN_ERRORS.server);
  return i18n._(LOGIN_ERRORS.other);
}
