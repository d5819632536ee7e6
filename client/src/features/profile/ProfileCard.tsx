import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Field as ChakraField,
  Grid,
  HStack,
  Input,
  Link,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, ShieldCheck } from 'lucide-react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { ProfileCard_user$data, ProfileCard_user$key } from '../../__generated__/ProfileCard_user.graphql';
import type { ProfileCardUpdateMutation } from '../../__generated__/ProfileCardUpdateMutation.graphql';
import { useAuth } from '../../app/auth/AuthProvider';
import { useTimedNotice } from '../../components/useTimedNotice';
import { formatDate } from '../../i18n/format';
import { asRequestError } from '../../relay/errors';
import { mutationErrorText } from '../../relay/mutationError';
import { Field } from '../../components/ui/field';

const fragment = graphql`
  fragment ProfileCard_user on User {
    id
    firstName
    lastName
    username
    email
    status
    bio
    phone
    phoneVerified
    location
    website
    birthDate
    canEdit
    isViewer
  }
`;

const updateMutation = graphql`
  mutation ProfileCardUpdateMutation($userId: ID, $input: UpdateProfileInput!) {
    updateProfile(userId: $userId, input: $input) {
      __typename
      ... on ProfileChange {
        user {
          ...ProfileCard_user
          firstName
          lastName
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** Spec section 5: bio at most 500 characters, status at most 100. */
export const BIO_MAX = 500;
export const STATUS_MAX = 100;

type Draft = {
  firstName: string;
  lastName: string;
  status: string;
  bio: string;
  phone: string;
  location: string;
  website: string;
  birthDate: string;
};

const draftOf = (user: ProfileCard_user$data): Draft => ({
  firstName: user.firstName,
  lastName: user.lastName,
  status: user.status ?? '',
  bio: user.bio ?? '',
  phone: user.phone ?? '',
  location: user.location ?? '',
  website: user.website ?? '',
  birthDate: user.birthDate ?? '',
});

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId: string }) {
  return (
    <>
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      <Box as="dd" data-testid={testId} minW="0" overflowWrap="anywhere">
        {children || (
          <Text as="span" color="fg.subtle">
            —
          </Text>
        )}
      </Box>
    </>
  );
}

/**
 * The profile's details. Its editors (the member, or an admin) switch to a form working on a
 * draft: cancel throws the draft away, save sends it and, once stored, returns to viewing.
 */
export function ProfileCard({ user: key }: { user: ProfileCard_user$key }) {
  const { t } = useLingui();
  const user = useFragment(fragment, key);
  const { updateUser } = useAuth();
  const [commit, saving] = useMutation<ProfileCardUpdateMutation>(updateMutation);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, showSaved] = useTimedNotice();
  // A personal field the owner's privacy settings hide from this viewer comes as null: no row at
  // all. Editors keep the row, so they see what is left to fill in.
  const shows = (value: string | null | undefined) => user.canEdit || value != null;

  const set = (field: keyof Draft) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((current) => (current ? { ...current, [field]: value } : current));
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    if (!draft.firstName.trim() || !draft.lastName.trim()) {
      setError(t`Имя и фамилия обязательны для заполнения`);
      return;
    }
    setError(null);
    const failed = (detail: string) => setError(t`Ошибка обновления профиля: ${detail}`);
    commit({
      variables: {
        userId: user.isViewer ? null : user.id,
        input: {
          firstName: draft.firstName,
          lastName: draft.lastName,
          status: draft.status,
          bio: draft.bio,
          location: draft.location,
          website: draft.website,
          // A verified phone is locked: sending it back unchanged would be refused if it differed.
          ...(user.phoneVerified ? {} : { phone: draft.phone }),
          birthDate: draft.birthDate || null,
        },
      },
      onCompleted: ({ updateProfile: result }) => {
        if (result.__typename !== 'ProfileChange') {
          failed(mutationErrorText(result.error, ''));
          return;
        }
        if (user.isViewer && result.user) updateUser({ firstName: result.user.firstName, lastName: result.user.lastName });
        setDraft(null);
        showSaved(t`Профиль успешно обновлен!`);
      },
      onError: (failure) => failed(asRequestError(failure)?.message ?? t`неизвестная ошибка`),
    });
  };

  const website = user.website;
  return (
    <Card.Root data-testid="profile-card">
      <Card.Header>
        <HStack justify="space-between" gap="3">
          <Card.Title>
            <Trans>О себе</Trans>
          </Card.Title>
          {user.canEdit && !draft && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setError(null);
                setDraft(draftOf(user));
              }}
              data-testid="edit-profile"
            >
              <Pencil size={14} aria-hidden="true" />
              <Trans>Редактировать</Trans>
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {saved && (
            <Alert.Root status="success" data-testid="profile-saved">
              <Alert.Indicator />
              <Alert.Title>{saved}</Alert.Title>
            </Alert.Root>
          )}
          {error && (
            <Alert.Root status="error" data-testid="profile-error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          {draft ? (
            <form onSubmit={save} noValidate aria-label={t`Редактирование профиля`}>
              <Stack gap="4">
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                  <Field label={<Trans>Имя</Trans>} required>
                    <Input value={draft.firstName} onChange={set('firstName')} maxLength={100} data-testid="edit-first-name" />
                  </Field>
                  <Field label={<Trans>Фамилия</Trans>} required>
                    <Input value={draft.lastName} onChange={set('lastName')} maxLength={100} data-testid="edit-last-name" />
                  </Field>
                </Grid>
                <Field
                  label={<Trans>Статус</Trans>}
                  helperText={
                    <>
                      {draft.status.length}/{STATUS_MAX}
                    </>
                  }
                >
                  <Input value={draft.status} onChange={set('status')} maxLength={STATUS_MAX} data-testid="edit-status" />
                </Field>
                <ChakraField.Root>
                  <ChakraField.Label>
                    <Trans>О себе</Trans>
                  </ChakraField.Label>
                  <Textarea value={draft.bio} onChange={set('bio')} maxLength={BIO_MAX} rows={4} data-testid="edit-bio" />
                  <ChakraField.HelperText data-testid="bio-counter">
                    {draft.bio.length}/{BIO_MAX}
                  </ChakraField.HelperText>
                </ChakraField.Root>
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                  <Field
                    label={<Trans>Телефон</Trans>}
                    helperText={user.phoneVerified && <Trans>Телефон подтвержден</Trans>}
                    disabled={user.phoneVerified}
                  >
                    <Input
                      type="tel"
                      value={draft.phone}
                      onChange={set('phone')}
                      placeholder="+79161234567"
                      data-testid="edit-phone"
                    />
                  </Field>
                  <Field label={<Trans>Местоположение</Trans>}>
                    <Input value={draft.location} onChange={set('location')} maxLength={200} data-testid="edit-location" />
                  </Field>
                  <Field label={<Trans>Веб-сайт</Trans>}>
                    <Input value={draft.website} onChange={set('website')} placeholder="https://" data-testid="edit-website" />
                  </Field>
                  <Field label={<Trans>Дата рождения</Trans>}>
                    <Input type="date" value={draft.birthDate} onChange={set('birthDate')} data-testid="edit-birth-date" />
                  </Field>
                </Grid>
                <HStack gap="3" justify="flex-end">
                  <Button variant="outline" onClick={() => setDraft(null)} disabled={saving} data-testid="cancel-edit">
                    <Trans>Отмена</Trans>
                  </Button>
                  <Button type="submit" colorPalette="brand" loading={saving} data-testid="save-profile">
                    <Trans>Сохранить</Trans>
                  </Button>
                </HStack>
              </Stack>
            </form>
          ) : (
            <Grid as="dl" templateColumns={{ base: '1fr', sm: '11rem 1fr' }} columnGap="4" rowGap={{ base: '1', sm: '3' }}>
              <Row label={<Trans>Имя</Trans>} testId="profile-first-name">
                {user.firstName}
              </Row>
              <Row label={<Trans>Фамилия</Trans>} testId="profile-last-name">
                {user.lastName}
              </Row>
              <Row label={<Trans>Имя пользователя</Trans>} testId="profile-username-row">
                @{user.username}
              </Row>
              {shows(user.email) && (
                <Row label="Email" testId="profile-email">
                  {user.email}
                </Row>
              )}
              <Row label={<Trans>Статус</Trans>} testId="profile-status">
                {user.status}
              </Row>
              <Row label={<Trans>О себе</Trans>} testId="profile-bio">
                {user.bio && <Text whiteSpace="pre-line">{user.bio}</Text>}
              </Row>
              {shows(user.phone) && (
                <Row label={<Trans>Телефон</Trans>} testId="profile-phone">
                  {user.phone && (
                    <HStack gap="2">
                      <Text>{user.phone}</Text>
                      {user.phoneVerified && (
                        <Badge colorPalette="green" size="sm">
                          <ShieldCheck size={12} aria-hidden="true" />
                          <Trans>Телефон подтвержден</Trans>
                        </Badge>
                      )}
                    </HStack>
                  )}
                </Row>
              )}
              <Row label={<Trans>Местоположение</Trans>} testId="profile-location">
                {user.location}
              </Row>
              <Row label={<Trans>Веб-сайт</Trans>} testId="profile-website">
                {website && (
                  <Link href={website} target="_blank" rel="noopener noreferrer nofollow" colorPalette="brand">
                    {website.replace(/^https?:\/\//, '')}
                  </Link>
                )}
              </Row>
              {shows(user.birthDate) && (
                <Row label={<Trans>Дата рождения</Trans>} testId="profile-birth-date">
                  {user.birthDate && formatDate(`${user.birthDate}T00:00:00`)}
                </Row>
              )}
            </Grid>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
