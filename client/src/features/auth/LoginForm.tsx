import { useState, type FormEvent } from 'react';
import { Alert, Button, Input, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql } from 'react-relay/hooks';
import { useMutationOnDemand } from '../../relay/useMutationOnDemand';
import { useNavigate } from 'react-router';
import type { LoginFormSignInMutation } from '../../__generated__/LoginFormSignInMutation.graphql';
import { useAuth } from '../../app/auth/AuthProvider';
import { readAuthUser } from '../../app/auth/authUser';
import { PasswordInput } from '../../components/PasswordInput';
import { loginRequestErrorText, loginResultErrorText } from './authErrors';
import { Field } from '../../components/ui/field';

const signInMutation = graphql`
  mutation LoginFormSignInMutation($input: SignInInput!) {
    signIn(input: $input) {
      __typename
      ... on SignInSuccess {
        token
        user {
          ...authUser_user
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

interface LoginFormProps {
  /** Prefilled after registration. */
  initialEmail?: string;
  /** A success note shown above the form (after registration or a recovery request). */
  notice?: string | null;
  onForgotPassword: () => void;
}

export function LoginForm({ initialEmail = '', notice, onForgotPassword }: LoginFormProps) {
  const { t } = useLingui();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [commit, inFlight] = useMutationOnDemand<LoginFormSignInMutation>(signInMutation);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { email: email.trim(), password: password.trim() };
    const errors: typeof fieldErrors = {};
    if (!input.email) errors.email = t`Введите email`;
    if (!input.password) errors.password = t`Введите пароль`;
    setFieldErrors(errors);
    setError(null);
    if (errors.email || errors.password) return;

    commit({
      variables: { input },
      onCompleted: ({ signIn: result }) => {
        if (result.token && result.user) {
          signIn(result.token, readAuthUser(result.user));
          navigate('/dashboard', { replace: true });
        } else {
          setError(loginResultErrorText(result.error));
        }
      },
      onError: (failure) => setError(loginRequestErrorText(failure)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t`Вход`}>
      <Stack gap="4">
        {notice && (
          <Alert.Root status="success" data-testid="login-notice">
            <Alert.Indicator />
            <Alert.Title>{notice}</Alert.Title>
          </Alert.Root>
        )}
        {error && (
          <Alert.Root status="error" data-testid="login-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <Field label="Email" errorText={fieldErrors.email}>
          <Input
            type="email"
            autoComplete="username"
            placeholder="name@example.com"
            data-testid="login-email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </Field>
        <Field label={<Trans>Пароль</Trans>} errorText={fieldErrors.password}>
          <PasswordInput
            autoComplete="current-password"
            data-testid="login-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
        </Field>
        <Button type="submit" colorPalette="brand" size="lg" loading={inFlight} data-testid="login-submit">
          <Trans context="sign in">Войти</Trans>
        </Button>
        <Button
          type="button"
          variant="plain"
          colorPalette="brand"
          size="sm"
          alignSelf="center"
          onClick={onForgotPassword}
          data-testid="forgot-password"
        >
          <Trans>Забыли пароль?</Trans>
        </Button>
      </Stack>
    </form>
  );
}
