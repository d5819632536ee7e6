import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { afterId, databaseIdOf } from '../../server/src/schema/globalIds';
import { NotFoundError } from '../../server/src/services/errors';

describe('databaseIdOf', () => {
  it('gives the numeric id of a global id of the asked type, encoded or already decoded', () => {
    expect(databaseIdOf(encodeGlobalID('Publication', 42), 'Publication')).toBe(42);
    expect(databaseIdOf({ typename: 'Room', id: '7' }, 'Room')).toBe(7);
  });

  it('answers NotFound with the given text for anything that names no row of that type', () => {
    const nothing = [
      encodeGlobalID('User', 42), // another type
      encodeGlobalID('Publication', 'abc'), // not a number
      encodeGlobalID('Publication', '1e3'),
      encodeGlobalID('Publication', 2 ** 31), // beyond an integer column: a database error otherwise
      encodeGlobalID('Publication', '99999999999999999999'),
      encodeGlobalID('Publication', 0),
      encodeGlobalID('Publication', -5),
      'not a global id',
    ];
    for (const globalId of nothing) {
      const attempt = () => databaseIdOf(globalId, 'Publication', 'publication.notFound');
      expect(attempt, globalId).toThrow(NotFoundError);
      expect(attempt, globalId).toThrow(expect.objectContaining({ messageKey: 'publication.notFound' }));
    }
    expect(() => databaseIdOf({ typename: 'Room', id: 'x' }, 'Room')).toThrow(NotFoundError);
  });
});

describe('afterId', () => {
  it("reads a subscription's cursor, and treats none or a bad one as live only", () => {
    expect(afterId(encodeGlobalID('Message', 12))).toBe(12);
    expect(afterId(encodeGlobalID('Message', 0))).toBe(0);
    for (const none of [null, undefined, '', 'garbage', encodeGlobalID('Message', 'x')]) expect(afterId(none)).toBeNull();
  });
});
