import { Avatar, type AvatarRootProps } from '@chakra-ui/react'

/** A member's avatar: their uploaded image, else their initials. */
export function UserAvatar({
  user,
  ...props
}: { user: { firstName: string; lastName: string; avatarImage?: string | null } } & AvatarRootProps) {
  const name = `${user.firstName} ${user.lastName}`.trim()
  return (
    <Avatar.Root colorPalette="blue" {...props}>
      <Avatar.Fallback name={name} />
      {user.avatarImage && <Avatar.Image src={user.avatarImage} alt={name} />}
    </Avatar.Root>
  )
}
