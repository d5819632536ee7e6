import { useState, type ChangeEvent, type FormEvent, type ReactElement } from 'react';
import { Alert, Button, Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql } from 'react-relay/hooks';
import { useMutationOnDemand } from '../../relay/useMutationOnDemand';
import { fieldErrorMap, readMutationError } from '../../relay/mutationError';
import type { RegisterFormSignUpMutation } from '../../__generated__/RegisterFormSignUpMutation.graphql';
import { PasswordInput } from '../../components/PasswordInput';

const signUpMutation = graphql`
  mutation RegisterFormSignUpMutation($input: SignUpInput!) {
    signUp(input: $input) {
      __typename
      ... on SignUpSuccess {
        user {
          id
          email
        }
      }
      ...mutationError_error @alias(as: "error")
      ... on ConflictError {
        field
      }
    }
  }
`;

const FIELDS = ['firstName', 'lastName', 'username', 'email', 'password'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

const EMPTY: Values = { firstName: '', lastName: '', username: '', email: '', password: '' };

/** Server field names may come as the input's (camelCase) or as the REST payload's (snake_case). */
function fieldOf(name: string | undefined): FieldName | null {
  if (!name) return null;
  const camel = name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return (FIELDS as readonly string[]).includes(camel) ? (camel as FieldName) : null;
}

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useLingui();
  const [commit, inFlight] = useMutationOnDemand<RegisterFormSignUpMutation>(signUpMutation);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);

  const requiredTexts: Record<FieldName, string> = {
    firstName: t`Введите имя`,
    lastName: t`Введите фамилию`,
    username: t`Введите имя пользователя`,
    email: t`Введите email`,
    password: t`Введите пароль`,
  };

  const set = (name: FieldName) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: Values = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password,
    };
    const missing: Errors = {};
    for (const name of FIELDS) if (!input[name].trim()) missing[name] = requiredTexts[name];
    setErrors(missing);
    setError(null);
    if (Object.keys(missing).length > 0) return;

    commit({
      variables: { input },
      onCompleted: ({ signUp: result }) => {
        const failure = readMutationError(result.error);
        if (!failure) {
          setValues(EMPTY);
          setErrors({});
          onRegistered();
          return;
        }
        // A ValidationError names its fields, a ConflictError (email or username taken) its one field.
        const byField: Errors = {};
        for (const [field, message] of Object.entries(fieldErrorMap(result.error))) {
          const name = fieldOf(field);
          if (name) byField[name] = message;
        }
        const conflicting = fieldOf(result.field);
        if (conflicting) byField[conflicting] = failure.message;
        setErrors(byField);
        if (Object.keys(byField).length === 0) setError(failure.message || t`Ошибка регистрации`);
      },
      onError: () => setError(t`Ошибка регистрации`),
    });
  };

  const field = (name: FieldName, label: string, input: ReactElement) => (
    <Field.Root invalid={Boolean(errors[name])}>
      <Field.Label>{label}</Field.Label>
      {input}
      <Field.ErrorText data-testid={`register-${name}-error`}>{errors[name]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t`Регистрация`}>
      <Stack gap="4">
        {error && (
          <Alert.Root status="error" data-testid="register-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {field(
            'firstName',
            t`Имя`,
            <Input
              autoComplete="given-name"
              data-testid="register-first-name"
              value={values.firstName}
              onChange={set('firstName')}
            />,
          )}
          {field(
            'lastName',
            t`Фамилия`,
            <Input
              autoComplete="family-name"
              data-testid="register-last-name"
              value={values.lastName}
              onChange={set('lastName')}
            />,
          )}
        </SimpleGrid>
        {field(
          'username',
          t`Имя пользователя`,
          <Input autoComplete="username" data-testid="register-username" value={values.username} onChange={set('username')} />,
        )}
        {field(
          'email',
          'Email',
          <Input
            type="email"
            autoComplete="email"
            placeholder="name@example.com"
            data-testid="register-email"
            value={values.email}
            onChange={set('email')}
          />,
        )}
        {field(
          'password',
          t`Пароль`,
          <PasswordInput
            autoComplete="new-password"
            data-testid="register-password"
            value={values.password}
            onChange={set('password')}
          />,
        )}
        <Button type="submit" colorPalette="brand" size="lg" loading={inFlight} data-testid="register-submit">
          <Trans>Зарегистрироваться</Trans>
        </Button>
      </Stack>
    </form>
  );
}
