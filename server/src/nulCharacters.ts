import { GraphQLError, Kind, visit, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context } from './context';
import { translate, type Locale } from './i18n';

/**
 * No text the server stores may hold a NUL character: PostgreSQL refuses it in `text` columns
 * (a 500 deep in some write), and no honest client sends one. Every input is checked once, at
 * the door: GraphQL variables and literals here, the REST body, query and path in the router.
 */
export function hasNulCharacter(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(hasNulCharacter);
  // Plain objects only: uploaded files and other class instances are not text.
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(value).some(([key, item]) => key.includes('\0') || hasNulCharacter(item));
  }
  return false;
}

function literalsHaveNul(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    [Kind.STRING]: (node) => {
      if (node.value.includes('\0')) found = true;
    },
  });
  return found;
}

export const nulCharacterError = (locale: Locale) =>
  new GraphQLError(translate(locale, 'request.nulCharacter'), {
    extensions: { code: 'BAD_USER_INPUT', status: 400, http: { status: 400 } },
  });

/** Refuses, before execution, a GraphQL operation (query, mutation or subscription) carrying a NUL in any text. */
export function refuseNulCharacters(): Plugin<Context> {
  const check = ({
    args,
    setResultAndStopExecution,
  }: {
    args: { document: DocumentNode; variableValues?: unknown; contextValue: Context };
    setResultAndStopExecution: (result: { errors: GraphQLError[] }) => void;
  }) => {
    if (hasNulCharacter(args.variableValues) || literalsHaveNul(args.document)) {
      setResultAndStopExecution({ errors: [nulCharacterError(args.contextValue.locale)] });
    }
  };
  return { onExecute: check, onSubscribe: check };
}
