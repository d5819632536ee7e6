import { Field as ChakraField } from '@chakra-ui/react';
import { forwardRef, type ReactNode } from 'react';

export interface FieldProps extends Omit<ChakraField.RootProps, 'label'> {
  label?: ReactNode;
  helperText?: ReactNode;
  errorText?: ReactNode;
  /** Shown after the label of a field that is not required, in place of the asterisk (with `requiredIndicator`). */
  optionalText?: ReactNode;
  /**
   * Whether the label carries Chakra's required indicator (the asterisk of a `required` field, else
   * `optionalText`). Off by default, unlike Chakra's snippet: most of the client's required fields show
   * no asterisk, and a conversion must not add one.
   */
  requiredIndicator?: boolean;
}

/**
 * Chakra v3's closed-component snippet for a form field: `Field.Root` → `Field.Label` → the control
 * (children) → `Field.HelperText` → `Field.ErrorText`, each text rendered only when given (as the snippet
 * does; `Field.ErrorText` shows only on an invalid field anyway). `invalid` defaults to whether there is an
 * `errorText`; pass it to decide otherwise.
 */
export const Field = forwardRef<HTMLDivElement, FieldProps>(function Field(props, ref) {
  const { label, children, helperText, errorText, optionalText, requiredIndicator = false, invalid, ...rest } = props;
  return (
    <ChakraField.Root ref={ref} invalid={invalid ?? Boolean(errorText)} {...rest}>
      {label && (
        <ChakraField.Label>
          {label}
          {requiredIndicator && <ChakraField.RequiredIndicator fallback={optionalText} />}
        </ChakraField.Label>
      )}
      {children}
      {helperText && <ChakraField.HelperText>{helperText}</ChakraField.HelperText>}
      {errorText && <ChakraField.ErrorText>{errorText}</ChakraField.ErrorText>}
    </ChakraField.Root>
  );
});
