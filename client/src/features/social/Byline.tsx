import { HStack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../i18n/format';

/** Who wrote something and when, on one line. */
export function AuthorAndTime({
  firstName,
  lastName,
  at,
  format = formatDateTime,
}: {
  firstName: string;
  lastName: string;
  at: string;
  format?: (value: string) => string;
}) {
  return (
    <HStack gap="2" wrap="wrap" justify="space-between">
      <Text fontSize="sm" fontWeight="semibold">
        {firstName} {lastName}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {format(at)}
      </Text>
    </HStack>
  );
}
