import { useState, type FormEvent } from 'react';
import { Alert, Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql } from 'react-relay/hooks';
import { useMutationOnDemand } from '../../relay/useMutationOnDemand';
import { mutationErrorText, readMutationError } from '../../relay/mutationError';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { ResetPasswordPageMutation } from '../../__generated__/ResetPasswordPageMutation.graphql';
import { PasswordInput } from '../../components/PasswordInput';
import { AuthLayout } from './AuthLayout';
import { Field } from '../../components/ui/field';

/** Spec section 9: password minimum 6. */
export const MIN_PASSWORD_LENGTH = 6;

const resetPasswordMutation = graphql`
  mutation ResetPasswordPageMutation($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      __typename
      ... on ResetPasswordSuccess {
        message
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

function BackToLogin() {
  return (
    <Link asChild colorPalette="brand" fontWeight="medium" alignSelf="center">
      <RouterLink to="/login" data-testid="reset-back-to-login">
        <Trans>Перейти ко входу</Trans>
      </RouterLink>
    </Link>
  );
}

/** /reset-password?token=...: choose a new password with the link from the recovery email. */
export default function ResetPasswordPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [commit, inFlight] = useMutationOnDemand<ResetPasswordPageMutation>(resetPasswordMutation);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (password.length < MIN_PASSWORD_LENGTH) next.password = t`Пароль должен содержать не менее 6 символов`;
    if (confirm !== password) next.confirm = t`Пароли не совпадают`;
    setErrors(next);
    setError(null);
    if (next.password || next.confirm) return;

    commit({
      variables: { input: { token, password } },
      onCompleted: ({ resetPassword: result }) => {
        const failure = readMutationError(result.error);
        if (result.__typename === 'ResetPasswordSuccess') setDone(true);
        else if (failure?.__typename === 'InvalidTokenError')
          setError(t`Ссылка для сброса пароля недействительна или устарела. Запросите новую.`);
        else if (failure?.__typename === 'ValidationError' && mutationErrorText(result.error, ''))
          setErrors({ password: mutationErrorText(result.error, '') });
        else setError(t`Не удалось изменить пароль. Попробуйте позже`);
      },
      onError: () => setError(t`Не удалось изменить пароль. Попробуйте позже`),
    });
  };

  return (
    <AuthLayout>
      <Stack gap="4">
        <Heading as="h2" size="lg">
          <Trans>Сброс пароля</Trans>
        </Heading>
        {!token ? (
          <>
            <Alert.Root status="error" data-testid="reset-error">
              <Alert.Indicator />
              <Alert.Title>
                <Trans>Ссылка для сброса пароля недействительна или устарела. Запросите новую.</Trans>
              </Alert.Title>
            </Alert.Root>
            <BackToLogin />
          </>
        ) : done ? (
          <>
            <Alert.Root status="success" data-testid="reset-success">
              <Alert.Indicator />
              <Alert.Title>
                <Trans>Пароль успешно изменён. Теперь вы можете войти с новым паролем.</Trans>
              </Alert.Title>
            </Alert.Root>
            <BackToLogin />
          </>
        ) : (
          <form onSubmit={submit} noValidate aria-label={t`Сброс пароля`}>
            <Stack gap="4">
              <Text color="fg.muted" fontSize="sm">
                <Trans>Придумайте новый пароль длиной не менее 6 символов.</Trans>
              </Text>
              {error && (
                <Alert.Root status="error" data-testid="reset-error">
                  <Alert.Indicator />
                  <Alert.Title>{error}</Alert.Title>
                </Alert.Root>
              )}
              <Field label={<Trans>Новый пароль</Trans>} errorText={errors.password}>
                <PasswordInput
                  autoComplete="new-password"
                  data-testid="reset-password"
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                />
              </Field>
              <Field label={<Trans>Повторите пароль</Trans>} errorText={errors.confirm}>
                <PasswordInput
                  autoComplete="new-password"
                  data-testid="reset-password-confirm"
                  value={confirm}
                  onChange={(event) => setConfirm(event.currentTarget.value)}
                />
              </Field>
              <Button type="submit" colorPalette="brand" size="lg" loading={inFlight} data-testid="reset-submit">
                <Trans>Сохранить пароль</Trans>
              </Button>
              <BackToLogin />
            </Stack>
          </form>
        )}
      </Stack>
    </AuthLayout>
  );
}
