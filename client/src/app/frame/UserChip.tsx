import { Avatar, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from 'react-router';
import type { AuthUser } from '../auth/authUser';
import { RoleBadge } from '../../components/RoleBadge';

/**
 * The signed-in user's chip: links to their profile, name truncated at 8rem, role badge. The link is
 * named by what it shows (a screen-reader prefix, the name, the role), so the name a voice user reads
 * on screen is the link's name; the avatar's initials are decoration.
 */
export function UserChip({
  user,
}: {
  user: Pick<AuthUser, 'username' | 'firstName' | 'lastName' | 'role'> & { avatarImage?: string | null };
}) {
  const { t } = useLingui();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
  return (
    <RouterLink to={`/profile/${encodeURIComponent(user.username)}`} data-testid="user-chip">
      <HStack
        gap="2"
        px="2"
        py="1"
        rounded="full"
        borderWidth="1px"
        borderColor="border"
        bg="bg"
        _hover={{ bg: 'bg.muted' }}
        transition="background 0.15s"
        minW="0"
      >
        <Text as="span" srOnly>
          {t`Мой профиль:`}
        </Text>
        <Avatar.Root size="xs" colorPalette="brand" aria-hidden="true">
          <Avatar.Fallback name={name} />
          {user.avatarImage && <Avatar.Image src={user.avatarImage} alt="" data-testid="user-chip-avatar" />}
        </Avatar.Root>
        <Text
          data-testid="user-chip-name"
          fontSize="sm"
          fontWeight="medium"
          maxW="8rem"
          overflow="hidden"
          textOverflow="ellipsis"
          whiteSpace="nowrap"
          title={name}
        >
          {name}
        </Text>
        <RoleBadge role={user.role} />
      </HStack>
    </RouterLink>
  );
}
