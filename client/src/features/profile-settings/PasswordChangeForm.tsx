import { useState, type FormEvent } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useMutation } from 'react-relay/hooks';
import type { PasswordChangeFormMutation } from '../../__generated__/PasswordChangeFormMutation.graphql';
import { PasswordInput } from '../../components/PasswordInput';
import { mutationErrorText } from '../../relay/mutationError';
import { SettingsNotices, useSettingsNotices } from './SettingsNotices';
import { Field } from '../../components/ui/field';

const changeMutation = graphql`
  mutation PasswordChangeFormMutation($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename
      ... on ChangePasswordSuccess {
        message
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** Spec section 9: passwords have at least 6 characters. */
export const PASSWORD_MIN = 6;
const EMPTY = { current: '', next: '', confirm: '' };

/** Current password, new one twice. The server also ends the member's other sessions. */
export function PasswordChangeForm() {
  const { t } = useLingui();
  const [commit, saving] = useMutation<PasswordChangeFormMutation>(changeMutation);
  const [values, setValues] = useState(EMPTY);
  const [notices, showNotices] = useSettingsNotices();
  const error = (text: string) => showNotices([{ status: 'error', text: text || t`Ошибка изменения пароля` }]);
  const set = (field: keyof typeof EMPTY) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.current) return error(t`Введите текущий пароль`);
    if (values.next !== values.confirm) return error(t`Пароли не совпадают`);
    if (values.next.length < PASSWORD_MIN) return error(t`Пароль должен содержать не менее 6 символов`);
    commit({
      variables: { input: { currentPassword: values.current, newPassword: values.next } },
      onCompleted: ({ changePassword: result }) => {
        if (result.__typename !== 'ChangePasswordSuccess') return error(mutationErrorText(result.error, ''));
        setValues(EMPTY);
        showNotices([{ status: 'success', text: t`Пароль успешно изменен` }]);
      },
      onError: () => error(''),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t`Смена пароля`}>
      <Stack gap="4" pt="2" maxW="md">
        <SettingsNotices notices={notices} />
        <Field label={<Trans>Текущий пароль</Trans>} required>
          <PasswordInput
            value={values.current}
            onChange={set('current')}
            autoComplete="current-password"
            data-testid="current-password"
          />
        </Field>
        <Field label={<Trans>Новый пароль</Trans>} helperText={<Trans>Не менее 6 символов</Trans>} required>
          <PasswordInput value={values.next} onChange={set('next')} autoComplete="new-password" data-testid="new-password" />
        </Field>
        <Field label={<Trans>Подтвердите новый пароль</Trans>} required>
          <PasswordInput
            value={values.confirm}
            onChange={set('confirm')}
            autoComplete="new-password"
            data-testid="confirm-password"
          />
        </Field>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={saving} data-testid="change-password">
          <Trans>Изменить пароль</Trans>
        </Button>
      </Stack>
    </form>
  );
}
