import { Alert } from '@chakra-ui/react';

/** A failed action: the spec's text, and the server's own detail when it says more. */
export function FailureAlert({ failure, testId }: { failure: { title: string; detail?: string }; testId?: string }) {
  return (
    <Alert.Root status="error" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{failure.title}</Alert.Title>
        {failure.detail && failure.detail !== failure.title && <Alert.Description>{failure.detail}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
