import { useState, type FormEvent } from 'react';
import { Alert, Button, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { graphql } from 'react-relay/hooks';
import { useMutationOnDemand } from '../../relay/useMutationOnDemand';
import type { RecoveryFormRequestPasswordResetMutation } from '../../__generated__/RecoveryFormRequestPasswordResetMutation.graphql';
import { Field } from '../../components/ui/field';

const requestPasswordResetMutation = graphql`
  mutation RecoveryFormRequestPasswordResetMutation($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input) {
      __typename
      ... on RequestPasswordResetSuccess {
        message
      }
    }
  }
`;

interface RecoveryFormProps {
  initialEmail?: string;
  onSent: () => void;
  onBack: () => void;
}

/** The 'Password recovery' mode of the login screen. */
export function RecoveryForm({ initialEmail = '', onSent, onBack }: RecoveryFormProps) {
  const { t } = useLingui();
  const [commit, inFlight] = useMutationOnDemand<RecoveryFormRequestPasswordResetMutation>(requestPasswordResetMutation);
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    setError(null);
    if (!value) {
      setFieldError(t`Введите email для восстановления пароля`);
      return;
    }
    setFieldError(null);
    commit({
      variables: { input: { email: value } },
      onCompleted: ({ requestPasswordReset: result }) => {
        if (result.__typename === 'RequestPasswordResetSuccess') onSent();
        else setError(t`Ошибка при отправке запроса на восстановление пароля`);
      },
      onError: () => setError(t`Ошибка при отправке запроса на восстановление пароля`),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t`Восстановление пароля`}>
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            <Trans>Восстановление пароля</Trans>
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            <Trans>Укажите email, с которым вы регистрировались, и мы пришлём ссылку для сброса пароля.</Trans>
          </Text>
        </Stack>
        {error && (
          <Alert.Root status="error" data-testid="recovery-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <Field label="Email" errorText={fieldError}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="name@example.com"
            data-testid="recovery-email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </Field>
        <Button type="submit" colorPalette="brand" size="lg" loading={inFlight} data-testid="recovery-submit">
          <Trans>Отправить инструкции</Trans>
        </Button>
        <Button type="button" variant="ghost" size="sm" alignSelf="center" onClick={onBack} data-testid="recovery-back">
          <ArrowLeft size={16} aria-hidden="true" />
          <Trans>Вернуться ко входу</Trans>
        </Button>
      </Stack>
    </form>
  );
}
