import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { graphql } from 'react-relay/hooks';
import { readInlineData } from './inlineData';
import type { mutationError_error$data, mutationError_error$key } from '../__generated__/mutationError_error.graphql';

/**
 * The error payload every mutation answers with when it fails as expected (an `Error` of its result
 * union). Each mutation spreads it once, `...mutationError_error @alias(as: "error")`: `error` is
 * then set exactly when the answer is an error, and the helpers below turn it into the user's text.
 */
const errorFragment = graphql`
  fragment mutationError_error on Error @inline {
    __typename
    message
    ... on ValidationError {
      fieldErrors {
        path
        message
      }
    }
  }
`;

export type MutationErrorKey = mutationError_error$key;
export type MutationError = mutationError_error$data;

/** The error of a mutation's answer (its `error` alias); null when the answer is not an error. */
export function readMutationError(error: MutationErrorKey | null | undefined): MutationError | null {
  return error ? readInlineData(errorFragment, error) : null;
}

/** The spec's own texts for kinds of error whatever the action (section 8); a caller may add its own. */
const SPEC_TEXTS: SpecTexts = {
  FileTooLargeError: msg`Файл слишком большой`,
};

export type SpecTexts = Partial<Record<string, MessageDescriptor>>;

function specText(kind: string | undefined, texts: SpecTexts | undefined): string | null {
  const descriptor = kind ? (texts?.[kind] ?? SPEC_TEXTS[kind]) : undefined;
  return descriptor ? i18n._(descriptor) : null;
}

/**
 * The user's message for a failed mutation: the spec's text for its kind when there is one (the
 * caller's `texts` first), else the first field's message of a ValidationError, else the server's
 * (translated) message, else `fallback` (also when there is no error to read).
 */
export function mutationErrorText(key: MutationErrorKey | null | undefined, fallback: string, texts?: SpecTexts): string {
  const error = readMutationError(key);
  return specText(error?.__typename, texts) ?? (error?.fieldErrors?.[0]?.message || error?.message || fallback);
}

/**
 * For an alert with a title and a detail (spec section 8, publications and media): the spec's text
 * as the title (its kind's, else `fallback`) and the server's own message as the detail.
 */
export function mutationFailure(key: MutationErrorKey | null | undefined, fallback: string, texts?: SpecTexts) {
  const error = readMutationError(key);
  return { title: specText(error?.__typename, texts) ?? fallback, detail: error?.message || undefined };
}

/** A ValidationError's messages by input field (`["input", "maxRooms"]` → maxRooms), for a form. */
export function fieldErrorMap(key: MutationErrorKey | null | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const error of readMutationError(key)?.fieldErrors ?? []) {
    const field = error.path.at(-1) ?? '';
    map[field] ??= error.message;
  }
  return map;
}
