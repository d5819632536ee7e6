import { Text, type TextProps } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

export function Copyright(props: TextProps) {
  const year = new Date().getFullYear();
  return (
    <Text fontSize="sm" {...props}>
      <Trans>© {year} LinkUp. Все права защищены.</Trans>
    </Text>
  );
}
