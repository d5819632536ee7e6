import type { ReactNode } from 'react';
import { HStack } from '@chakra-ui/react';

/** The plate in a stage tile's lower left corner: whose tile it is, with its icons. */
export function TileLabel({ children }: { children: ReactNode }) {
  return (
    <HStack
      position="absolute"
      left="2"
      bottom="2"
      gap="1.5"
      bg="blackAlpha.700"
      px="2"
      py="1"
      rounded="md"
      maxW="calc(100% - 1rem)"
    >
      {children}
    </HStack>
  );
}
