import { Text, type TextProps } from '@chakra-ui/react';

/** A form's error message, announced to screen readers as it appears; nothing while there is none. */
export function FormError({
  error,
  testId,
  color = 'fg.error',
  ...textProps
}: { error: string | null | undefined; testId?: string } & Omit<TextProps, 'children'>) {
  if (!error) return null;
  return (
    <Text color={color} role="alert" data-testid={testId} {...textProps}>
      {error}
    </Text>
  );
}
