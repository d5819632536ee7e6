import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import type { Visibility } from '../generated/prisma/client';
import { friendshipStateOf, pairRowOf, pairWithViewerSelect } from '../services/relations';
import * as privacy from '../services/privacy';
import { parsedBy } from '../services/validation';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import { ProfileChange } from './profile';

const VisibilityEnum = builder.enumType('Visibility', {
  description: 'Who, besides the owner and admins, sees a personal field of a profile.',
  values: {
    NOBODY: { value: 'nobody' },
    CONTACTS: { value: 'contacts', description: 'Accepted friends.' },
    EVERYONE: { value: 'everyone', description: 'Every signed-in member, except across a block.' },
  } as const,
});

const UserPrivacy = builder.objectRef<privacy.PrivacyChoices>('UserPrivacy').implement({
  description: 'The owner’s privacy settings: who sees each personal field of the profile.',
  fields: (t) => ({
    email: t.expose('email', { type: VisibilityEnum }),
    phone: t.expose('phone', { type: VisibilityEnum }),
    birthDate: t.expose('birthDate', { type: VisibilityEnum }),
  }),
});

type PairRows = Parameters<typeof pairRowOf>[0];

/** Every personal field selects its columns and the row between the member and the viewer. */
const pairWithViewer = (ctx: Context) => pairWithViewerSelect(ctx.viewer?.user.id ?? 0);

/** The one rule of every personal field, given the owner's choice for it. */
function visible(user: { id: number } & PairRows, visibility: Visibility, ctx: Context): boolean {
  // With no viewer, a User resolves only as the sign-in's answer (ctx.ownAccounts, see UserNode's
  // authScopes): the reader is the account's owner.
  if (!ctx.viewer) return true;
  const viewer = ctx.viewer.user;
  return privacy.personalFieldVisible(visibility, viewer, user.id, friendshipStateOf(pairRowOf(user), viewer.id));
}

builder.prismaObjectFields('User', (t) => ({
  email: t.string({
    nullable: true,
    description: 'Null when the owner’s privacy settings hide it from the viewer.',
    extensions: PER_VIEWER,
    select: (_args, ctx) => ({ email: true, emailVisibility: true, ...pairWithViewer(ctx) }),
    resolve: (user, _args, ctx) => (visible(user, user.emailVisibility, ctx) ? user.email : null),
  }),
  phone: t.string({
    nullable: true,
    description: 'Null when not given, or hidden from the viewer by the owner’s privacy settings.',
    extensions: PER_VIEWER,
    select: (_args, ctx) => ({ phone: true, phoneVisibility: true, ...pairWithViewer(ctx) }),
    resolve: (user, _args, ctx) => (visible(user, user.phoneVisibility, ctx) ? user.phone : null),
  }),
  birthDate: t.field({
    type: 'Date',
    nullable: true,
    description: 'Null when not given, or hidden from the viewer by the owner’s privacy settings.',
    extensions: PER_VIEWER,
    select: (_args, ctx) => ({ birthDate: true, birthDateVisibility: true, ...pairWithViewer(ctx) }),
    resolve: (user, _args, ctx) => (visible(user, user.birthDateVisibility, ctx) ? user.birthDate : null),
  }),
  lastLogin: t.field({
    type: 'DateTime',
    nullable: true,
    description: 'Only the owner and admins see it.',
    extensions: PER_VIEWER,
    select: (_args, ctx) => ({ lastLogin: true, ...pairWithViewer(ctx) }),
    resolve: (user, _args, ctx) => (visible(user, 'nobody', ctx) ? user.lastLogin : null),
  }),
  privacy: t.field({
    type: UserPrivacy,
    nullable: true,
    description: 'The privacy settings; only on the viewer’s own profile.',
    extensions: PER_VIEWER,
    select: { emailVisibility: true, phoneVisibility: true, birthDateVisibility: true },
    resolve: (user, _args, ctx) =>
      user.id === ctx.viewer?.user.id
        ? { email: user.emailVisibility, phone: user.phoneVisibility, birthDate: user.birthDateVisibility }
        : null,
  }),
}));

const UpdatePrivacySettingsInput = builder.inputType('UpdatePrivacySettingsInput', {
  description: 'Who sees each personal field; omitted fields stay as they are. Last login is never shown to others.',
  fields: (t) => ({
    email: t.field({ type: VisibilityEnum }),
    phone: t.field({ type: VisibilityEnum }),
    birthDate: t.field({ type: VisibilityEnum }),
  }),
});

builder.mutationField('updatePrivacySettings', (t) =>
  t.field({
    type: ProfileChange,
    description: 'Saves the viewer’s privacy settings (profile settings, privacy section).',
    ...access('member'),
    args: {
      input: t.arg({ type: UpdatePrivacySettingsInput, required: true, validate: { schema: privacy.updatePrivacyInput } }),
    },
    errors: { directResult: true, union: { name: 'UpdatePrivacySettingsResult' } },
    resolve: async (_root, { input }, ctx) => {
      const userId = ctx.viewer!.user.id;
      await privacy.updatePrivacy(ctx.prisma, userId, parsedBy(privacy.updatePrivacyInput, input));
      return { userId, messageKey: 'privacy.updated' as const };
    },
  }),
);
