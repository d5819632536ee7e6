import { z } from 'zod';
import { ValidationError } from './errors';

/**
 * Input rules shared by GraphQL (through the Pothos zod plugin) and REST (which runs the same
 * GraphQL operations). Messages are i18n keys; they are translated when the error is sent.
 */
export const rules = {
  requiredText: (max: number, requiredKey = 'validation.required') =>
    z.string().trim().min(1, requiredKey).max(max, 'validation.tooLong'),
  email: (requiredKey = 'validation.emailRequired') =>
    z.string().trim().toLowerCase().min(1, requiredKey).max(254, 'validation.tooLong').pipe(z.email('validation.email')),
  newPassword: () => z.string().min(6, 'validation.passwordLength').max(128, 'validation.tooLong'),
  username: () =>
    z
      .string()
      .trim()
      .min(1, 'validation.required')
      .regex(/^[a-zA-Z0-9._-]{3,32}$/, 'validation.username'),
};

/** A ZodError as our ValidationError: one entry per failing field, path without the `input` wrapper. */
export function toValidationError(error: unknown): ValidationError | unknown {
  if (!(error instanceof z.ZodError)) return error;
  return new ValidationError(
    error.issues.map((issue) => ({
      path: issue.path.map(String).filter((part, index) => !(index === 0 && part === 'input')),
      messageKey: issue.message,
      params: issue.code === 'too_big' ? { max: Number(issue.maximum) } : undefined,
    })),
  );
}

/**
 * The zod plugin hands a resolver the parsed value (trimmed, defaults applied) while typing it as
 * the GraphQL input; this gives it the type it has.
 */
export const parsedBy = <S extends z.ZodType>(_schema: S, value: unknown) => value as z.output<S>;
