import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { PrivacySettingsForm_user$key, Visibility } from '../../__generated__/PrivacySettingsForm_user.graphql';
import type { PrivacySettingsFormMutation } from '../../__generated__/PrivacySettingsFormMutation.graphql';
import { mutationErrorText } from '../../relay/mutationError';
import { SettingsNotices, useSettingsNotices } from './SettingsNotices';
import { Field } from '../../components/ui/field';

const fragment = graphql`
  fragment PrivacySettingsForm_user on User {
    privacy {
      email
      phone
      birthDate
    }
  }
`;

const saveMutation = graphql`
  mutation PrivacySettingsFormMutation($input: UpdatePrivacySettingsInput!) {
    updatePrivacySettings(input: $input) {
      ... on ProfileChange {
        user {
          id
          ...PrivacySettingsForm_user
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

type Choices = { email: Visibility; phone: Visibility; birthDate: Visibility };

/** The server's defaults, for a viewer whose settings did not load. */
const DEFAULTS: Choices = { email: 'CONTACTS', phone: 'NOBODY', birthDate: 'CONTACTS' };

/** Who sees the email, phone and birth date on the profile; last login is never shown to others. */
export function PrivacySettingsForm({ user: key }: { user: PrivacySettingsForm_user$key }) {
  const { t } = useLingui();
  const user = useFragment(fragment, key);
  const [commit, saving] = useMutation<PrivacySettingsFormMutation>(saveMutation);
  const [choices, setChoices] = useState<Choices>(() => {
    const saved = user.privacy;
    return saved ? { email: saved.email, phone: saved.phone, birthDate: saved.birthDate } : DEFAULTS;
  });
  const [notices, showNotices] = useSettingsNotices();

  const options: { value: Visibility; label: string }[] = [
    { value: 'NOBODY', label: t`Никто` },
    { value: 'CONTACTS', label: t`Только контакты` },
    { value: 'EVERYONE', label: t`Все участники` },
  ];

  const select = (field: keyof Choices, label: ReactNode) => (
    <Field label={label}>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={choices[field]}
          onChange={(event) => {
            const value = event.currentTarget.value as Visibility;
            setChoices((current) => ({ ...current, [field]: value }));
          }}
          data-testid={`privacy-${field}`}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field>
  );

  const save = (event: FormEvent) => {
    event.preventDefault();
    const failed = (text: string) =>
      showNotices([{ status: 'error', text: text || t`Не удалось сохранить настройки приватности` }]);
    commit({
      variables: { input: choices },
      onCompleted: ({ updatePrivacySettings: result }) => {
        if (result.error) failed(mutationErrorText(result.error, ''));
        else showNotices([{ status: 'success', text: t`Настройки приватности сохранены` }]);
      },
      onError: () => failed(''),
    });
  };

  return (
    <form onSubmit={save} noValidate aria-label={t`Приватность`}>
      <Stack gap="4" pt="2">
        <SettingsNotices notices={notices} />
        <Text color="fg.muted" fontSize="sm">
          <Trans>Кто видит эти данные в вашем профиле. Администраторы видят всё; дату последнего входа видите только вы.</Trans>
        </Text>
        {select('email', 'Email')}
        {select('phone', <Trans>Телефон</Trans>)}
        {select('birthDate', <Trans>Дата рождения</Trans>)}
        <Button type="submit" colorPalette="brand" alignSelf="flex-end" loading={saving} data-testid="privacy-save">
          <Trans>Сохранить</Trans>
        </Button>
      </Stack>
    </form>
  );
}
