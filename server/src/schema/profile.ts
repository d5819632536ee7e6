import { builder } from '../builder';
import { access } from '../auth/access';
import { translate, type MessageKey } from '../i18n';
import * as profiles from '../services/profiles';
import * as phones from '../services/phoneVerification';
import {
  ConflictError,
  DeliveryFailedError,
  FileTooLargeError,
  PhoneLockedError,
  RateLimitError,
  UnsupportedFileTypeError,
  VerificationCodeError,
  WrongPasswordError,
} from '../services/errors';
import { parsedBy } from '../services/validation';
import { FEED_ORDER, visibleTo } from '../services/publications';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import { UserNode } from './user';
import { databaseIdOf, type GlobalId } from './globalIds';

/** A changed member: `user` is read with the client's selection, so Relay updates its store. */
type ChangedUser = { userId: number; messageKey: MessageKey; url?: string };

export const ProfileChange = builder.objectRef<ChangedUser>('ProfileChange').implement({
  description: "The member after a profile change, and a confirmation in the request's language.",
  fields: (t) => ({
    user: t.prismaField({
      type: 'User',
      resolve: (query, result, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: result.userId } }),
    }),
    message: t.string({ resolve: (result, _args, ctx) => translate(ctx.locale, result.messageKey) }),
    imageUrl: t.string({
      nullable: true,
      description: 'After an image upload: where the stored (resized) image is served.',
      resolve: (result) => result.url ?? null,
    }),
  }),
});

const UpdateProfileInput = builder.inputType('UpdateProfileInput', {
  description: 'The profile card. Omitted fields are left as they are; null or blank clears an optional one.',
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    bio: t.string({ description: 'At most 500 characters.' }),
    status: t.string({ description: 'At most 100 characters.' }),
    location: t.string(),
    website: t.string(),
    phone: t.string({ description: 'Refused (PhoneLockedError) when it would replace a verified number.' }),
    birthDate: t.field({ type: 'Date' }),
  }),
});

const UpdateProfileSettingsInput = builder.inputType('UpdateProfileSettingsInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    middleName: t.string(),
    username: t.string({ required: true }),
    phone: t.string(),
  }),
});

const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  fields: (t) => ({
    currentPassword: t.string({ required: true }),
    newPassword: t.string({ required: true }),
  }),
});

const SendPhoneCodeInput = builder.inputType('SendPhoneVerificationCodeInput', {
  fields: (t) => ({ phone: t.string({ required: true }) }),
});

const VerifyPhoneInput = builder.inputType('VerifyPhoneInput', {
  fields: (t) => ({ phone: t.string({ required: true }), code: t.string({ required: true }) }),
});

const ProfileImageKind = builder.enumType('ProfileImageKind', {
  values: { AVATAR: { value: 'avatar' }, COVER: { value: 'cover' } } as const,
});

const ChangePasswordSuccess = builder.objectRef<{ messageKey: MessageKey }>('ChangePasswordSuccess').implement({
  fields: (t) => ({ message: t.string({ resolve: (result, _args, ctx) => translate(ctx.locale, result.messageKey) }) }),
});

const SendPhoneCodeSuccess = builder.objectRef<{ devNote: string | null }>('SendPhoneVerificationCodeSuccess').implement({
  fields: (t) => ({
    message: t.string({ resolve: (_result, _args, ctx) => translate(ctx.locale, 'phone.codeSent') }),
    devNote: t.exposeString('devNote', {
      nullable: true,
      description: 'Set when no SMS gateway is configured: where the code went instead (development).',
    }),
  }),
});

/** The member a mutation acts on: `userId` (admins editing someone) or the viewer. */
const targetId = (userId: GlobalId | null | undefined, viewerId: number) =>
  userId ? databaseIdOf(userId, 'User', 'user.notFound') : viewerId;

builder.mutationFields((t) => ({
  updateProfile: t.field({
    type: ProfileChange,
    description: "Saves the profile card: the viewer's own, or anyone's for an admin (ForbiddenError otherwise).",
    ...access('owner'),
    args: {
      userId: t.arg.globalID({ for: UserNode, required: false }),
      input: t.arg({ type: UpdateProfileInput, required: true, validate: { schema: profiles.updateProfileInput } }),
    },
    errors: {
      types: [PhoneLockedError],
      directResult: true,
      union: { name: 'UpdateProfileResult' },
    },
    resolve: async (_root, { userId, input }, ctx) => {
      const target = targetId(userId, ctx.viewer!.user.id);
      const changes = parsedBy(profiles.updateProfileInput, input);
      const user = await profiles.updateProfile(ctx.services, ctx.viewer!.user, target, changes);
      return { userId: user.id, messageKey: 'profile.updated' as const };
    },
  }),

  updateProfileSettings: t.field({
    type: ProfileChange,
    ...access('member'),
    args: {
      input: t.arg({ type: UpdateProfileSettingsInput, required: true, validate: { schema: profiles.updateSettingsInput } }),
    },
    errors: {
      types: [ConflictError, PhoneLockedError],
      directResult: true,
      union: { name: 'UpdateProfileSettingsResult' },
    },
    resolve: async (_root, { input }, ctx) => {
      const user = await profiles.updateProfileSettings(ctx.services, ctx.viewer!.user.id, input);
      return { userId: user.id, messageKey: 'settings.updated' as const };
    },
  }),

  changePassword: t.field({
    type: ChangePasswordSuccess,
    description: "Needs the current password; ends the member's other sessions.",
    ...access('member'),
    args: { input: t.arg({ type: ChangePasswordInput, required: true, validate: { schema: profiles.changePasswordInput } }) },
    errors: {
      types: [WrongPasswordError, RateLimitError],
      directResult: true,
      union: { name: 'ChangePasswordResult' },
    },
    resolve: async (_root, { input }, ctx) => {
      await profiles.changePassword(ctx.services, ctx.viewer!, input);
      return { messageKey: 'password.changed' as const };
    },
  }),

  uploadProfileImage: t.field({
    type: ProfileChange,
    description: 'A new avatar or cover: JPG or PNG by content, at most 5 MB; stored resized, the previous file deleted.',
    ...access('owner'),
    args: {
      userId: t.arg.globalID({ for: UserNode, required: false }),
      kind: t.arg({ type: ProfileImageKind, required: true }),
      // Optional so that a missing file gets the translated "choose a file" text.
      file: t.arg({ type: 'File', required: false }),
    },
    errors: {
      types: [FileTooLargeError, UnsupportedFileTypeError],
      directResult: true,
      union: { name: 'UploadProfileImageResult' },
    },
    resolve: async (_root, { userId, kind, file }, ctx) => {
      const target = targetId(userId, ctx.viewer!.user.id);
      const { url } = await profiles.setProfileImage(ctx.services, ctx.viewer!.user, target, kind, file);
      return { userId: target, url, messageKey: 'profile.imageUpdated' as const };
    },
  }),

  sendPhoneVerificationCode: t.field({
    type: SendPhoneCodeSuccess,
    ...access('member'),
    args: { input: t.arg({ type: SendPhoneCodeInput, required: true, validate: { schema: phones.sendPhoneCodeInput } }) },
    errors: {
      types: [PhoneLockedError, RateLimitError, DeliveryFailedError],
      directResult: true,
      union: { name: 'SendPhoneVerificationCodeResult' },
    },
    resolve: (_root, { input }, ctx) => phones.sendPhoneVerificationCode(ctx.services, ctx.viewer!.user, input.phone, ctx.locale),
  }),

  verifyPhone: t.field({
    type: ProfileChange,
    ...access('member'),
    args: { input: t.arg({ type: VerifyPhoneInput, required: true, validate: { schema: phones.verifyPhoneInput } }) },
    errors: {
      types: [VerificationCodeError, PhoneLockedError],
      directResult: true,
      union: { name: 'VerifyPhoneResult' },
    },
    resolve: async (_root, { input }, ctx) => {
      await phones.verifyPhoneCode(ctx.services, ctx.viewer!.user, input.phone, input.code);
      return { userId: ctx.viewer!.user.id, messageKey: 'phone.verified' as const };
    },
  }),
}));

builder.queryField('usernameAvailable', (t) =>
  t.boolean({
    description: 'Whether the signed-in member could take this username (case-insensitive).',
    ...access('member'),
    args: { username: t.arg.string({ required: true, validate: { maxLength: 100 } }) },
    resolve: (_root, { username }, ctx) => profiles.usernameAvailable(ctx.prisma, ctx.viewer!.user.id, username),
  }),
);

builder.prismaObjectField('User', 'publications', (t) =>
  t.relatedConnection('publications', {
    cursor: 'id',
    description:
      "This member's publications, newest first (the profile's Publications tab and REST's lists of a member's posts); " +
      'none between members where one blocked the other.',
    totalCount: true,
    defaultSize: 20,
    maxSize: 100,
    extensions: PER_VIEWER,
    query: (_args, ctx) => ({ where: visibleTo(ctx.viewer?.user.id), orderBy: FEED_ORDER }),
  }),
);
