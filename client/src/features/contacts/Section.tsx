import type { ReactNode } from 'react';
import { Card, Heading } from '@chakra-ui/react';

/** One card of the contacts section, with its heading. */
export function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <Heading size="md">{title}</Heading>
      </Card.Header>
      <Card.Body pt="0">{children}</Card.Body>
    </Card.Root>
  );
}
