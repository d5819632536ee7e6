/**
 * A GraphQL enum's values from the service's list of stored strings: `['light', 'dark']` gives
 * `LIGHT` and `DARK` in the schema (our naming) while resolvers and inputs keep the stored strings.
 */
export const upperCaseEnumValues = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((value) => [value.toUpperCase(), { value }])) as { [K in T as Uppercase<K>]: { value: K } };
