import type { InputFieldBuilder } from '@pothos/core';
import type { BuilderTypes as Types } from '../builder';
import { idempotencyKeyRule } from '../services/idempotency';

const options = {
  required: false,
  description:
    'Made by the client once per send and reused when it retries the send: a repeat with the same key answers the first result and stores nothing new.',
  validate: { schema: idempotencyKeyRule },
} as const;

/** The `idempotencyKey` input field every send takes (see services/idempotency.ts). */
export const idempotencyKeyField = (t: InputFieldBuilder<Types, 'InputObject'>) => t.string(options);

/** The same as an argument, for sends whose mutation takes arguments rather than an input object (`t.arg`). */
export const idempotencyKeyArg = (arg: Pick<InputFieldBuilder<Types, 'Arg'>, 'string'>) => arg.string(options);
