import { Badge, type BadgeProps } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { Role } from '../app/auth/authUser';

/** Admin: red (destructive); Moderator: grey (secondary); User: outline. */
export function RoleBadge({ role, ...props }: { role: Role } & BadgeProps) {
  const common = { size: 'sm', flexShrink: 0, 'data-testid': 'role-badge', 'data-role': role } as const;
  switch (role) {
    case 'ADMIN':
      return (
        <Badge colorPalette="red" variant="solid" {...common} {...props}>
          <Trans>Админ</Trans>
        </Badge>
      );
    case 'MODERATOR':
      return (
        <Badge colorPalette="gray" variant="subtle" {...common} {...props}>
          <Trans>Модератор</Trans>
        </Badge>
      );
    default:
      return (
        <Badge colorPalette="gray" variant="outline" {...common} {...props}>
          <Trans>Пользователь</Trans>
        </Badge>
      );
  }
}
