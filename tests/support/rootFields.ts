import { getNamedType, isEnumType, isScalarType, type GraphQLField } from 'graphql';
import { schema } from '../../server/src/schema';

export type OperationKind = 'query' | 'mutation' | 'subscription';
export type RootField = { kind: OperationKind; field: GraphQLField<unknown, unknown> };

/** Every Query, Mutation and Subscription field of the schema. */
export const rootFields: RootField[] = (['query', 'mutation', 'subscription'] as const).flatMap((kind) => {
  const type = { query: schema.getQueryType(), mutation: schema.getMutationType(), subscription: schema.getSubscriptionType() }[
    kind
  ];
  return Object.values(type?.getFields() ?? {}).map((field) => ({ kind, field }));
});

/** An operation calling the root field with these of its arguments, each passed as a variable of the argument's type. */
export function rootFieldOperation({ kind, field }: RootField, argNames: string[]) {
  const args = field.args.filter((arg) => argNames.includes(arg.name));
  const declared = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const named = getNamedType(field.type);
  const selection = isScalarType(named) || isEnumType(named) ? '' : '{ __typename }';
  return `${kind} Call${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''} ${selection} }`;
}
