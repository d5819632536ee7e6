import { Checkbox, Input, Stack } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field } from '../../../components/ui/field';

export type ClassValues = {
  name: string;
  description: string;
  isPrivate: boolean;
  maxRooms: string;
  allowUserCreateRooms: boolean;
};

export const NEW_CLASS: ClassValues = {
  name: '',
  description: '',
  isPrivate: false,
  maxRooms: '10',
  allowUserCreateRooms: false,
};

/** The spec's rules checked before sending (the server checks them again): a name, 1 to 20 rooms. */
export function classValuesErrors(values: ClassValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const max = Number(values.maxRooms);
  if (!values.name.trim()) errors.name = i18n._(msg`Введите название класса`);
  if (!Number.isInteger(max) || max < 1 || max > 20) errors.maxRooms = i18n._(msg`Максимум комнат: от 1 до 20`);
  return errors;
}

export const classInput = (values: ClassValues) => ({
  name: values.name.trim(),
  description: values.description.trim() || null,
  isPrivate: values.isPrivate,
  maxRooms: Number(values.maxRooms),
  allowUserCreateRooms: values.allowUserCreateRooms,
});

/** Name, description, private flag, maximum rooms, whether members may create rooms. */
export function ClassFields({
  values,
  errors,
  onChange,
}: {
  values: ClassValues;
  errors: Record<string, string>;
  onChange: (values: ClassValues) => void;
}) {
  const { t } = useLingui();
  const set = <K extends keyof ClassValues>(key: K, value: ClassValues[K]) => onChange({ ...values, [key]: value });
  return (
    <Stack gap="4">
      <Field label={<Trans>Название</Trans>} errorText={errors.name} required>
        <Input
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          maxLength={200}
          data-testid="class-form-name"
        />
      </Field>
      <Field label={<Trans>Описание</Trans>} errorText={errors.description}>
        <Input value={values.description} onChange={(event) => set('description', event.target.value)} maxLength={2000} />
      </Field>
      <Field label={<Trans>Максимум комнат (1–20)</Trans>} errorText={errors.maxRooms}>
        <Input
          type="number"
          min={1}
          max={20}
          value={values.maxRooms}
          onChange={(event) => set('maxRooms', event.target.value)}
          data-testid="class-form-max-rooms"
        />
      </Field>
      <Checkbox.Root checked={values.isPrivate} onCheckedChange={(details) => set('isPrivate', details.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t`Закрытый класс (виден только участникам)`}</Checkbox.Label>
      </Checkbox.Root>
      <Checkbox.Root
        checked={values.allowUserCreateRooms}
        onCheckedChange={(details) => set('allowUserCreateRooms', details.checked === true)}
        data-testid="class-form-allow-rooms"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t`Модераторы и участники могут создавать комнаты`}</Checkbox.Label>
      </Checkbox.Root>
    </Stack>
  );
}
