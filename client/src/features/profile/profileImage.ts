import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Spec section 9: cover and avatar images at most 5 MB. */
export const PROFILE_IMAGE_MAX_BYTES = 5_242_880;

const TYPES = ['image/jpeg', 'image/png'];
const EXTENSIONS = /\.(jpe?g|png)$/i;

const WRONG_TYPE = msg`Поддерживаются только файлы JPG и PNG`;
const TOO_LARGE = msg`Размер файла не должен превышать 5MB`;

/**
 * Why a chosen cover/avatar file is refused before uploading (spec section 5), or null. The server
 * checks again, on the content: this only spares the member a useless upload.
 */
export function profileImageProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!TYPES.includes(file.type) && !EXTENSIONS.test(file.name)) return i18n._(WRONG_TYPE);
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return i18n._(TOO_LARGE);
  return null;
}
