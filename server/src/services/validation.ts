import { z } from 'zod';
import { isMessageKey } from '../i18n';
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
  /**
   * Passwords lose their surrounding spaces wherever they are set or checked: the sign-in form trims
   * what is typed (spec: both fields trimmed), so a password stored with them could never be entered.
   */
  newPassword: () => z.string().trim().min(6, 'validation.passwordLength').max(128, 'validation.tooLong'),
  password: (requiredKey: string) => z.string().trim().min(1, requiredKey).max(1024, 'validation.tooLong'),
  username: () =>
    z
      .string()
      .trim()
      .min(1, 'validation.required')
      .regex(/^[a-zA-Z0-9._-]{3,32}$/, 'validation.username'),
  /**
   * A phone number as the SMS gateway needs it: `+` and 10-15 digits. Spaces, dashes, dots and
   * parentheses are dropped; a Russian trunk number 8XXXXXXXXXX becomes +7XXXXXXXXXX.
   */
  phone: () =>
    z
      .string()
      .trim()
      .min(1, 'phone.required')
      .transform((value) => {
        const compact = value.replace(/[\s().-]/g, '');
        if (/^8\d{10}$/.test(compact)) return `+7${compact.slice(1)}`;
        return compact.startsWith('+') ? compact : `+${compact}`;
      })
      .pipe(z.string().regex(/^\+\d{10,15}$/, 'phone.invalid')),
  /** Optional free text: trimmed, blank means none (null). */
  optionalText: (max: number) =>
    z
      .string()
      .trim()
      .max(max, 'validation.tooLong')
      .transform((value) => value || null)
      .nullish(),
};

/**
 * An argument the zod plugin already parsed with `schema`: the resolver receives the schema's output
 * (trimmed, normalised), though Pothos types it as the raw GraphQL input.
 */
export const parsedBy = <S extends z.ZodType>(_schema: S, value: unknown) => value as z.output<S>;

/**
 * The issue's message key: our rules name one; a bare limit (Pothos' `validate: { maxLength }`) has
 * zod's English text, so a text over its length gets ours.
 */
function messageKeyOf(issue: z.core.$ZodIssue): string {
  if (isMessageKey(issue.message)) return issue.message;
  if (issue.code === 'too_big' && issue.origin === 'string') return 'validation.tooLong';
  return issue.message;
}

/** A ZodError as our ValidationError: one entry per failing field, path without the `input` wrapper. */
export function toValidationError(error: unknown): ValidationError | unknown {
  if (!(error instanceof z.ZodError)) return error;
  return new ValidationError(
    error.issues.map((issue) => ({
      path: issue.path.map(String).filter((part, index) => !(index === 0 && part === 'input')),
      messageKey: messageKeyOf(issue),
      params: issue.code === 'too_big' ? { max: Number(issue.maximum) } : undefined,
    })),
  );
}

/**
 * A switch argument (REST `?enabled=`), optional in GraphQL so that a missing or malformed one gets
 * this translated refusal rather than GraphQL's own wording.
 */
export function requiredFlag(value: boolean | null | undefined, field = 'enabled'): boolean {
  if (typeof value !== 'boolean') throw new ValidationError([{ path: [field], messageKey: 'validation.enabledFlag' }]);
  return value;
}
