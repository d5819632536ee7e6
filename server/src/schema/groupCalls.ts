import { z } from 'zod';
import { builder } from '../builder';
import { access } from '../auth/access';
import * as meetingPlans from '../services/meetingPlans';
import { settingDescription } from '../i18n';
import { requiredFlag, toValidationError } from '../services/validation';

/** The admin's group-call settings (spec sections 2 "Group calls", 3, 4 "Participant plan", 7). */

export const ParticipantPlanEnum = builder.enumType('ParticipantPlan', {
  values: {
    BASIC: { value: 'basic' },
    PROFESSIONAL: { value: 'professional' },
    ENTERPRISE: { value: 'enterprise' },
    UNLIMITED: { value: 'unlimited' },
  } as const,
});

export const VideoQualityEnum = builder.enumType('VideoQuality', {
  description: 'The meeting area quality choices: SD 480p, HD 720p, FHD 1080p, 4K, 8K.',
  values: {
    SD: { value: 'SD' },
    HD: { value: 'HD' },
    FHD: { value: 'FHD' },
    UHD_4K: { value: '4K' },
    UHD_8K: { value: '8K' },
  } as const satisfies Record<string, { value: meetingPlans.VideoQuality }>,
});

type PlanInfo = Awaited<ReturnType<typeof meetingPlans.currentParticipantPlan>>;

const ParticipantPlanInfoRef = builder.objectRef<PlanInfo>('ParticipantPlanInfo').implement({
  description: 'The participant plan of group calls: joins past its maximum are refused.',
  fields: (t) => ({
    plan: t.field({ type: ParticipantPlanEnum, resolve: (info) => info.plan }),
    maxParticipants: t.exposeInt('maxParticipants', { nullable: true, description: 'Null: unlimited.' }),
    commercial: t.exposeBoolean('commercial', { description: 'Every plan but the free basic one.' }),
  }),
});

type SettingEntry = Awaited<ReturnType<typeof meetingPlans.meetingSettings>>[number];

const MeetingSettingRef = builder.objectRef<SettingEntry>('MeetingSettingEntry').implement({
  description:
    'One ZoomVisor setting (spec section 3): group_video_calls_enabled, max_group_call_participants, video_call_quality.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { nullable: true, description: 'Null while the setting has its default.' }),
    key: t.exposeString('key'),
    value: t.exposeString('value'),
    description: t.string({
      nullable: true,
      description: "What the setting is for, in the reader's language.",
      resolve: (entry, _args, ctx) => settingDescription(ctx.locale, entry.key, entry.description),
    }),
  }),
});

type GroupCallSettings = { plan: PlanInfo; groupCallsEnabled: boolean; videoQuality: meetingPlans.VideoQuality };

const GroupCallSettingsRef = builder.objectRef<GroupCallSettings>('GroupCallSettings').implement({
  description: 'What the group calls tab shows and changes.',
  fields: (t) => ({
    participantPlan: t.field({ type: ParticipantPlanInfoRef, resolve: (settings) => settings.plan }),
    groupCallsEnabled: t.exposeBoolean('groupCallsEnabled'),
    videoQuality: t.field({ type: VideoQualityEnum, resolve: (settings) => settings.videoQuality }),
    settings: t.field({
      type: [MeetingSettingRef],
      resolve: (_settings, _args, ctx) => meetingPlans.meetingSettings(ctx.prisma),
    }),
  }),
});

const groupCallSettings = async (prisma: Parameters<typeof meetingPlans.groupCallsEnabled>[0]) => {
  const [plan, groupCallsEnabled, videoQuality] = await Promise.all([
    meetingPlans.currentParticipantPlan(prisma),
    meetingPlans.groupCallsEnabled(prisma),
    meetingPlans.defaultVideoQuality(prisma),
  ]);
  return { plan, groupCallsEnabled, videoQuality };
};

builder.queryField('groupCallSettings', (t) =>
  t.field({
    type: GroupCallSettingsRef,
    description: 'The participant plan, the group calls switch, the default video quality and the settings list.',
    ...access('admin'),
    resolve: (_root, _args, ctx) => groupCallSettings(ctx.prisma),
  }),
);

const GroupCallSettingsSuccess = builder
  .objectRef<GroupCallSettings>('GroupCallSettingsSuccess')
  .implement({ fields: (t) => ({ groupCallSettings: t.field({ type: GroupCallSettingsRef, resolve: (result) => result }) }) });

const planArg = z.enum(meetingPlans.PARTICIPANT_PLANS, 'meeting.participantPlanUnknown');

builder.mutationFields((t) => ({
  setParticipantPlan: t.field({
    type: GroupCallSettingsSuccess,
    description: 'Picks the participant plan (basic 10 free, professional 50, enterprise 100, unlimited); audited.',
    ...access('admin'),
    // A string checked here, so an unknown or missing plan (REST: ?plan=) gets the translated text.
    args: { plan: t.arg.string({ required: false }) },
    errors: { directResult: true, union: { name: 'SetParticipantPlanResult' } },
    resolve: async (_root, { plan }, ctx) => {
      const parsed = planArg.safeParse(plan);
      if (!parsed.success) throw toValidationError(parsed.error);
      await meetingPlans.setParticipantPlan(ctx.services, ctx.viewer!.user, parsed.data);
      return groupCallSettings(ctx.prisma);
    },
  }),
  setGroupCallsEnabled: t.field({
    type: GroupCallSettingsSuccess,
    description: 'Switches group video calls on or off (joins of group rooms are refused while off); audited.',
    ...access('admin'),
    args: { enabled: t.arg.boolean({ required: false }) },
    errors: { directResult: true, union: { name: 'SetGroupCallsEnabledResult' } },
    resolve: async (_root, { enabled }, ctx) => {
      await meetingPlans.setGroupCallsEnabled(ctx.services, ctx.viewer!.user, requiredFlag(enabled));
      return groupCallSettings(ctx.prisma);
    },
  }),
  setDefaultVideoQuality: t.field({
    type: GroupCallSettingsSuccess,
    description: 'The video quality the meeting area starts with; audited.',
    ...access('admin'),
    args: { quality: t.arg({ type: VideoQualityEnum, required: true }) },
    errors: { directResult: true, union: { name: 'SetDefaultVideoQualityResult' } },
    resolve: async (_root, { quality }, ctx) => {
      await meetingPlans.setDefaultVideoQuality(ctx.services, ctx.viewer!.user, quality);
      return groupCallSettings(ctx.prisma);
    },
  }),
}));
