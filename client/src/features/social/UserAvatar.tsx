import { Avatar } from '@chakra-ui/react';

/** A member's avatar image, or their initials when they have none. */
export function UserAvatar({
  firstName,
  lastName,
  avatarImage,
  size = 'md',
}: {
  firstName: string;
  lastName: string;
  avatarImage?: string | null;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}) {
  return (
    <Avatar.Root size={size} colorPalette="brand">
      <Avatar.Fallback name={`${firstName} ${lastName}`.trim()} />
      {avatarImage && <Avatar.Image src={avatarImage} alt="" />}
    </Avatar.Root>
  );
}
