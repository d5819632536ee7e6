import { isObjectType, isUnionType, type GraphQLNamedType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../server/src/schema';
import * as errors from '../../server/src/services/errors';

/** The errors every mutation with a result union can answer with (the builder's `defaultTypes`). */
const DEFAULT_ERRORS = ['ValidationError', 'NotFoundError', 'ForbiddenError'];

const mutations = Object.values(schema.getMutationType()!.getFields());
const resultType = (type: unknown): GraphQLNamedType => {
  let named = type as { ofType?: unknown };
  while (named.ofType) named = named.ofType as { ofType?: unknown };
  return named as GraphQLNamedType;
};
const implementsError = (type: GraphQLNamedType) => isObjectType(type) && type.getInterfaces().some((i) => i.name === 'Error');

describe('typed errors', () => {
  it('every mutation with a result union can answer with the default errors', () => {
    for (const mutation of mutations) {
      const type = resultType(mutation.type);
      if (!isUnionType(type)) continue;
      const members = type.getTypes().map((member) => member.name);
      expect(members, mutation.name).toEqual(expect.arrayContaining(DEFAULT_ERRORS));
      // Exactly one member is the success; every other one is a typed error.
      expect(
        type.getTypes().filter((member) => !implementsError(member)),
        mutation.name,
      ).toHaveLength(1);
    }
  });

  it('every mutation answers a result union', () => {
    const bare = mutations.filter((mutation) => !isUnionType(resultType(mutation.type))).map((mutation) => mutation.name);
    expect(mutations.length).toBeGreaterThan(40);
    expect(bare).toEqual([]);
  });

  it('has one table of typed errors: each AppError class is a GraphQL error type with a REST status', () => {
    const classes = Object.values(errors).filter(
      (value): value is typeof errors.AppError => typeof value === 'function' && value.prototype instanceof errors.AppError,
    );
    expect(classes.length).toBeGreaterThan(10);
    for (const type of classes) {
      expect(errors.APP_ERRORS, type.name).toContain(type);
      expect(errors.errorStatusByTypename[type.name], type.name).toBe(type.status);
      expect(implementsError(schema.getType(type.name)!), type.name).toBe(true);
    }
  });
});
