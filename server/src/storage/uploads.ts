import type { MessageKey } from '../i18n';
import { FileTooLargeError, UnsupportedFileTypeError, ValidationError } from '../services/errors';
import { detectImageType, type ImageType } from './images';

export type ImageUploadRules = {
  maxBytes: number;
  types: readonly ImageType[];
  /** The texts to refuse with (the spec words them per screen). */
  tooLargeKey: MessageKey;
  wrongTypeKey: MessageKey;
};

/**
 * An uploaded image's bytes once it passed the rules: size first (before reading it), then the
 * type from the content's magic number. A PNG named photo.jpg passes; a text file named .png does not.
 */
export async function readImageUpload(
  file: File | null | undefined,
  rules: ImageUploadRules,
): Promise<{ data: Buffer; type: ImageType }> {
  if (!file || typeof file.arrayBuffer !== 'function') {
    throw new ValidationError([{ path: ['file'], messageKey: 'upload.fileRequired' }]);
  }
  const tooLarge = () =>
    new FileTooLargeError({ name: file.name, max: Math.round(rules.maxBytes / 1_048_576) }, rules.tooLargeKey);
  if (file.size > rules.maxBytes) throw tooLarge();
  const data = Buffer.from(await file.arrayBuffer());
  if (data.byteLength > rules.maxBytes) throw tooLarge();
  const type = detectImageType(data);
  if (!type || !rules.types.includes(type)) throw new UnsupportedFileTypeError(rules.wrongTypeKey, { name: file.name });
  return { data, type };
}
