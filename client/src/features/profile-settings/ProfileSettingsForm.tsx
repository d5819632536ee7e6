import { useEffect, useState, type FormEvent } from 'react';
import { Button, Field as ChakraField, Grid, Input, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchQuery, graphql, useFragment, useMutation, useRelayEnvironment } from 'react-relay/hooks';
import type { ProfileSettingsForm_user$key } from '../../__generated__/ProfileSettingsForm_user.graphql';
import type { ProfileSettingsFormMutation } from '../../__generated__/ProfileSettingsFormMutation.graphql';
import type { ProfileSettingsFormUsernameQuery } from '../../__generated__/ProfileSettingsFormUsernameQuery.graphql';
import { useAuth } from '../../app/auth/AuthProvider';
import { mutationErrorText } from '../../relay/mutationError';
import { SettingsNotices, useSettingsNotices } from './SettingsNotices';
import { Field } from '../../components/ui/field';

const fragment = graphql`
  fragment ProfileSettingsForm_user on User {
    firstName
    lastName
    middleName
    username
  }
`;

const usernameQuery = graphql`
  query ProfileSettingsFormUsernameQuery($username: String!) {
    usernameAvailable(username: $username)
  }
`;

const saveMutation = graphql`
  mutation ProfileSettingsFormMutation($input: UpdateProfileSettingsInput!) {
    updateProfileSettings(input: $input) {
      __typename
      ... on ProfileChange {
        message
        user {
          ...ProfileSettingsForm_user
          firstName
          lastName
          username
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const USERNAME = /^[a-zA-Z0-9._-]{3,32}$/;

/** Names and username; the username is checked for availability as it is typed. */
export function ProfileSettingsForm({ user: key }: { user: ProfileSettingsForm_user$key }) {
  const { t } = useLingui();
  const user = useFragment(fragment, key);
  const environment = useRelayEnvironment();
  const { updateUser } = useAuth();
  const [commit, saving] = useMutation<ProfileSettingsFormMutation>(saveMutation);
  const [values, setValues] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    middleName: user.middleName ?? '',
    username: user.username,
  });
  // The last availability answer, for the username it was about: a newer username has none yet.
  const [checked, setChecked] = useState<{ username: string; taken: boolean } | null>(null);
  const [notices, showNotices] = useSettingsNotices();

  const username = values.username.trim();
  const taken = checked?.username === username && checked.taken;
  useEffect(() => {
    if (username === user.username || !USERNAME.test(username)) return;
    let active = true;
    const timer = setTimeout(() => {
      fetchQuery<ProfileSettingsFormUsernameQuery>(environment, usernameQuery, { username }, { fetchPolicy: 'network-only' })
        .toPromise()
        .then((data) => active && setChecked({ username, taken: data?.usernameAvailable === false }))
        .catch(() => {}); // the save answers authoritatively anyway
    }, 400);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [username, user.username, environment]);

  const set = (field: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!values.firstName.trim() || !values.lastName.trim() || !username) {
      showNotices([{ status: 'error', text: t`Имя, фамилия и имя пользователя обязательны` }]);
      return;
    }
    const failed = (text: string) => showNotices([{ status: 'error', text: text || t`Ошибка обновления профиля` }]);
    commit({
      variables: { input: { ...values, username } },
      onCompleted: ({ updateProfileSettings: result }) => {
        if (result.__typename !== 'ProfileChange' || !result.user) {
          failed(mutationErrorText(result.error, ''));
          return;
        }
        updateUser({ firstName: result.user.firstName, lastName: result.user.lastName, username: result.user.username });
        showNotices([{ status: 'success', text: t`Настройки профиля успешно обновлены` }]);
      },
      onError: () => failed(''),
    });
  };

  return (
    <form onSubmit={save} noValidate aria-label={t`Профиль`}>
      <Stack gap="4" pt="2">
        <SettingsNotices notices={notices} />
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <Field label={<Trans>Имя</Trans>} requiredIndicator required>
            <Input value={values.firstName} onChange={set('firstName')} maxLength={100} data-testid="settings-first-name" />
          </Field>
          <Field label={<Trans>Фамилия</Trans>} requiredIndicator required>
            <Input value={values.lastName} onChange={set('lastName')} maxLength={100} data-testid="settings-last-name" />
          </Field>
          <Field label={<Trans>Отчество</Trans>}>
            <Input value={values.middleName} onChange={set('middleName')} maxLength={100} data-testid="settings-middle-name" />
          </Field>
          <ChakraField.Root required invalid={taken}>
            <ChakraField.Label>
              <Trans>Имя пользователя</Trans>
              <ChakraField.RequiredIndicator />
            </ChakraField.Label>
            <Input value={values.username} onChange={set('username')} maxLength={32} data-testid="settings-username" />
            {taken ? (
              <ChakraField.ErrorText data-testid="username-taken">
                <Trans>Это имя пользователя уже занято</Trans>
              </ChakraField.ErrorText>
            ) : (
              <ChakraField.HelperText>
                <Trans>3–32 символа: латинские буквы, цифры, точка, дефис и подчёркивание</Trans>
              </ChakraField.HelperText>
            )}
          </ChakraField.Root>
        </Grid>
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="flex-end"
          loading={saving}
          disabled={taken}
          data-testid="settings-save"
        >
          <Trans>Сохранить</Trans>
        </Button>
      </Stack>
    </form>
  );
}
