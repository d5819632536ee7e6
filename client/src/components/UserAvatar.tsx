import { Avatar, type AvatarRootProps } from '@chakra-ui/react';

/** A member's avatar: their uploaded image, else their initials. */
export function UserAvatar({
  firstName,
  lastName,
  avatarImage,
  ...props
}: { firstName: string; lastName: string; avatarImage?: string | null } & AvatarRootProps) {
  const name = `${firstName} ${lastName}`.trim();
  return (
    <Avatar.Root colorPalette="brand" {...props}>
      <Avatar.Fallback name={name} />
      {avatarImage && <Avatar.Image src={avatarImage} alt={name} />}
    </Avatar.Root>
  );
}
