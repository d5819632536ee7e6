import type { ReactNode } from 'react';
import { ChakraProvider, Field as ChakraField, Input, Textarea } from '@chakra-ui/react';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../client/src/app/theme';
import { Field } from '../../client/src/components/ui/field';

/** The markup a tree renders, with React's generated ids made comparable. */
async function markup(tree: ReactNode) {
  const { container, unmount } = render(<ChakraProvider value={system}>{tree}</ChakraProvider>);
  // The field finds its helper and error texts after the first render (aria-describedby, aria-errormessage).
  await waitFor(() => undefined);
  const ids = new Map<string, string>();
  const html = container.innerHTML.replace(/_r_[0-9a-z]+_/g, (id) => {
    if (!ids.has(id)) ids.set(id, `id${ids.size}`);
    return ids.get(id)!;
  });
  unmount();
  return html;
}

describe('Field (the closed field snippet)', () => {
  it('renders what the hand-written label, control, helper and error block rendered', async () => {
    for (const error of ['', 'Введите название']) {
      const before = await markup(
        <ChakraField.Root invalid={!!error} required>
          <ChakraField.Label>Название</ChakraField.Label>
          <Input data-testid="name" />
          <ChakraField.HelperText>Не менее 6 символов</ChakraField.HelperText>
          <ChakraField.ErrorText>{error}</ChakraField.ErrorText>
        </ChakraField.Root>,
      );
      const after = await markup(
        <Field label="Название" helperText="Не менее 6 символов" errorText={error} required>
          <Input data-testid="name" />
        </Field>,
      );
      expect(after).toBe(before);
      if (error) expect(after).toContain(error);
    }
  });

  it('adds the required indicator only when asked, as the forms that showed one did', async () => {
    const before = await markup(
      <ChakraField.Root required>
        <ChakraField.Label>
          Имя
          <ChakraField.RequiredIndicator />
        </ChakraField.Label>
        <Input />
      </ChakraField.Root>,
    );
    const after = await markup(
      <Field label="Имя" required requiredIndicator>
        <Input />
      </Field>,
    );
    expect(after).toBe(before);
    expect(after).toContain('*');
    expect(
      await markup(
        <Field label="Имя" required>
          <Input />
        </Field>,
      ),
    ).not.toContain('*');
  });

  it('keeps an explicit invalid and the root props', async () => {
    const before = await markup(
      <ChakraField.Root disabled flex="1">
        <ChakraField.Label>Отзыв</ChakraField.Label>
        <Textarea />
      </ChakraField.Root>,
    );
    const after = await markup(
      <Field label="Отзыв" disabled flex="1">
        <Textarea />
      </Field>,
    );
    expect(after).toBe(before);
    expect(
      await markup(
        <Field label="Отзыв" invalid={false} errorText="Ошибка">
          <Textarea />
        </Field>,
      ),
    ).not.toContain('Ошибка');
  });
});
