import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Camera, ImagePlus } from 'lucide-react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { ProfileHeader_user$key } from '../../__generated__/ProfileHeader_user.graphql';
import type { ProfileHeaderUploadMutation } from '../../__generated__/ProfileHeaderUploadMutation.graphql';
import { useAuth } from '../../app/auth/AuthProvider';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDate } from '../../i18n/format';
import { asRequestError } from '../../relay/errors';
import { mutationErrorText } from '../../relay/mutationError';
import { ProfileActions } from './ProfileActions';
import { profileImageProblem } from './profileImage';

const fragment = graphql`
  fragment ProfileHeader_user on User {
    id
    username
    firstName
    lastName
    email
    createdAt
    avatarImage
    coverImage
    friendsCount
    followersCount
    canEdit
    isViewer
    ...ProfileActions_user
  }
`;

const uploadMutation = graphql`
  mutation ProfileHeaderUploadMutation($userId: ID, $kind: ProfileImageKind!, $file: File) {
    uploadProfileImage(userId: $userId, kind: $kind, file: $file) {
      __typename
      ... on ProfileChange {
        imageUrl
        user {
          id
          avatarImage
          coverImage
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

type Kind = 'AVATAR' | 'COVER';

function Counter({ value, label, testId }: { value: number; label: ReactNode; testId: string }) {
  return (
    <Stack gap="0" align="center" minW="5rem">
      <Text fontSize="xl" fontWeight="bold" data-testid={testId}>
        {value}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
    </Stack>
  );
}

/** Cover, avatar, names, contacts and followers counters, the actions, and (for editors) image upload. */
export function ProfileHeader({ user: key }: { user: ProfileHeader_user$key }) {
  const { t } = useLingui();
  const user = useFragment(fragment, key);
  const { updateUser } = useAuth();
  const [commit, uploading] = useMutation<ProfileHeaderUploadMutation>(uploadMutation);
  const [uploadingKind, setUploadingKind] = useState<Kind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const avatarInput = useRef<HTMLInputElement>(null);
  const coverInput = useRef<HTMLInputElement>(null);
  const name = `${user.firstName} ${user.lastName}`.trim();
  const since = formatDate(user.createdAt);

  const failureText = (kind: Kind, detail: string) =>
    kind === 'COVER' ? t`Ошибка загрузки обложки: ${detail}` : t`Ошибка загрузки аватара: ${detail}`;

  const upload = (kind: Kind) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = ''; // choosing the same file again must trigger a new upload
    if (!file) return;
    setError(null);
    const problem = profileImageProblem(file);
    if (problem) {
      setError(failureText(kind, problem));
      return;
    }
    setUploadingKind(kind);
    commit({
      variables: { userId: user.isViewer ? null : user.id, kind, file: null },
      uploadables: { file },
      onCompleted: ({ uploadProfileImage: result }) => {
        setUploadingKind(null);
        if (result.__typename !== 'ProfileChange') {
          setError(failureText(kind, mutationErrorText(result.error, '')));
        } else if (kind === 'AVATAR' && user.isViewer) {
          updateUser({ avatarImage: result.user?.avatarImage ?? null });
        }
      },
      onError: (failure) => {
        setUploadingKind(null);
        setError(failureText(kind, asRequestError(failure)?.message ?? t`неизвестная ошибка`));
      },
    });
  };

  return (
    <Card.Root overflow="hidden" data-testid="profile-header">
      <Box
        h={{ base: '32', md: '48' }}
        bgGradient="to-r"
        gradientFrom="brand.500"
        gradientTo="brand.800"
        bgImage={user.coverImage ? `url("${user.coverImage}")` : undefined}
        bgSize="cover"
        bgPos="center"
        position="relative"
        data-testid="profile-cover"
        data-image={user.coverImage ?? undefined}
      >
        {user.canEdit && (
          <Button
            size="xs"
            variant="surface"
            position="absolute"
            top="3"
            right="3"
            loading={uploading && uploadingKind === 'COVER'}
            onClick={() => coverInput.current?.click()}
            data-testid="change-cover"
          >
            <ImagePlus size={14} aria-hidden="true" />
            <Trans>Изменить обложку</Trans>
          </Button>
        )}
      </Box>
      <Card.Body pt="0">
        <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '3', md: '6' }} align={{ base: 'center', md: 'flex-end' }}>
          <Box mt={{ base: '-12', md: '-16' }} position="relative" flexShrink={0}>
            <UserAvatar
              firstName={user.firstName}
              lastName={user.lastName}
              avatarImage={user.avatarImage}
              size="2xl"
              boxSize={{ base: '24', md: '32' }}
              borderWidth="4px"
              borderColor="bg"
              data-testid="profile-avatar"
            />
            {user.canEdit && (
              <Button
                size="xs"
                variant="surface"
                position="absolute"
                bottom="0"
                right="0"
                rounded="full"
                aria-label={t`Изменить аватар`}
                title={t`Изменить аватар`}
                loading={uploading && uploadingKind === 'AVATAR'}
                onClick={() => avatarInput.current?.click()}
                data-testid="change-avatar"
              >
                <Camera size={14} aria-hidden="true" />
              </Button>
            )}
          </Box>
          <Stack gap="1" flex="1" minW="0" textAlign={{ base: 'center', md: 'start' }} pt={{ md: '3' }}>
            <Heading as="h1" size="2xl" data-testid="profile-name">
              {name}
            </Heading>
            <Text color="fg.muted" data-testid="profile-username">
              @{user.username}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {user.email && <span data-testid="profile-header-email">{user.email} · </span>}
              <Trans>на LinkUp с {since}</Trans>
            </Text>
          </Stack>
          <HStack gap="2" pt={{ md: '3' }}>
            <Counter value={user.friendsCount} label={<Trans>Контакты</Trans>} testId="counter-contacts" />
            <Counter value={user.followersCount} label={<Trans>Подписчики</Trans>} testId="counter-followers" />
          </HStack>
        </Flex>
        <Box mt="4">
          <ProfileActions user={user} />
        </Box>
        {error && (
          <Alert.Root status="error" mt="4" data-testid="image-upload-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        {user.canEdit && (
          <>
            <input
              ref={avatarInput}
              type="file"
              accept="image/jpeg,image/png"
              hidden
              onChange={upload('AVATAR')}
              data-testid="avatar-input"
            />
            <input
              ref={coverInput}
              type="file"
              accept="image/jpeg,image/png"
              hidden
              onChange={upload('COVER')}
              data-testid="cover-input"
            />
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
