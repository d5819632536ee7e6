import { ValidationError } from './errors';

/**
 * An opaque cursor over a row id for keyset pages (`tag|id`, base64url). The tag keeps a cursor of
 * one list from being taken for another's; a cursor that does not decode is refused as input.
 */
export const idCursor = (tag: string) => ({
  encode: (id: number) => Buffer.from(`${tag}|${id}`).toString('base64url'),
  decode(cursor: string | null | undefined): number | null {
    if (!cursor) return null;
    const [found, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
    const value = Number(id);
    if (found !== tag || !Number.isSafeInteger(value)) {
      throw new ValidationError([{ path: ['after'], messageKey: 'validation.invalidInput' }]);
    }
    return value;
  },
});
