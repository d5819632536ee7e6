import type { ParticipantPlan } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import type { Services } from './container';
import { audited, type AuditActor } from './audit';
import { DEFAULT_LOCALE, settingDescription } from '../i18n';

/**
 * The admin's group-call settings (spec section 2, "Group calls"): the participant plan, the group
 * calls switch and the default video quality. rooms.joinRoom enforces the first two.
 */

/** Most participants of a group call per admin participant plan (spec section 9); null: no limit. */
export const PARTICIPANT_PLAN_LIMITS: Record<ParticipantPlan, number | null> = {
  basic: 10,
  professional: 50,
  enterprise: 100,
  unlimited: null,
};

export const PARTICIPANT_PLANS = Object.keys(PARTICIPANT_PLAN_LIMITS) as [ParticipantPlan, ...ParticipantPlan[]];

/** Every plan but the free basic one is commercial use (spec section 4, "Participant plan"). */
export const isCommercialPlan = (plan: ParticipantPlan) => plan !== 'basic';

/** The meeting area's video quality choices (spec section 9); HD unless the admin set another. */
export const VIDEO_QUALITIES = ['SD', 'HD', 'FHD', '4K', '8K'] as const;
export type VideoQuality = (typeof VIDEO_QUALITIES)[number];

/** The newest plan row is the current one; a database without any runs on the free basic plan. */
export async function currentParticipantPlan(prisma: PrismaClient) {
  const row = await prisma.meetingParticipantPlan.findFirst({ orderBy: { id: 'desc' }, select: { plan: true } });
  const plan = row?.plan ?? 'basic';
  return { plan, maxParticipants: PARTICIPANT_PLAN_LIMITS[plan], commercial: isCommercialPlan(plan) };
}

/** An admin picks a plan (any, at any time): a new row, audited `meeting.participantPlan`. */
export async function setParticipantPlan(services: Services, actor: AuditActor, plan: ParticipantPlan) {
  return audited(services.prisma, { actor, action: 'meeting.participantPlan', targetType: 'meetingSettings' }, async (tx) => {
    const before = await tx.meetingParticipantPlan.findFirst({ orderBy: { id: 'desc' }, select: { plan: true } });
    await tx.meetingParticipantPlan.create({ data: { plan, changedById: actor.id } });
    return { result: undefined, before, after: { plan } };
  });
}

/**
 * The ZoomVisor settings list (GET /settings/zoomvisor), each key once, with its stored description
 * (shown in the reader's language: i18n settingDescription).
 * `max_group_call_participants` is the participant plan's maximum (empty: unlimited), never a value
 * of its own, so the list and the limit joins meet cannot disagree.
 */
const SETTINGS = {
  group_video_calls_enabled: { fallback: 'true' },
  max_group_call_participants: { fallback: '' },
  video_call_quality: { fallback: 'HD' },
} as const;
type SettingKey = keyof typeof SETTINGS;

export async function meetingSettings(prisma: PrismaClient) {
  const [rows, plan] = await Promise.all([
    prisma.meetingSetting.findMany({ where: { key: { in: Object.keys(SETTINGS) } } }),
    currentParticipantPlan(prisma),
  ]);
  return (Object.keys(SETTINGS) as SettingKey[]).map((key) => {
    const row = rows.find((candidate) => candidate.key === key);
    const value =
      key === 'max_group_call_participants' ? String(plan.maxParticipants ?? '') : (row?.value ?? SETTINGS[key].fallback);
    return { id: row?.id ?? null, key, value, description: row?.description ?? null };
  });
}

async function readMeetingSetting(prisma: PrismaClient, key: SettingKey): Promise<string> {
  const row = await prisma.meetingSetting.findUnique({ where: { key }, select: { value: true } });
  return row?.value ?? SETTINGS[key].fallback;
}

/** An admin changes one stored setting; audited `meeting.setting`. */
function writeMeetingSetting(services: Services, actor: AuditActor, key: SettingKey, value: string) {
  return audited(
    services.prisma,
    { actor, action: 'meeting.setting', targetType: 'meetingSettings', targetId: key },
    async (tx) => {
      const before = await tx.meetingSetting.findUnique({ where: { key }, select: { value: true } });
      await tx.meetingSetting.upsert({
        where: { key },
        create: { key, value, description: settingDescription(DEFAULT_LOCALE, key, null) },
        update: { value },
      });
      return { result: value, before, after: { value } };
    },
  );
}

/** The admin switch `group_video_calls_enabled`: on when 'true'; a database without the row has it on. */
export async function groupCallsEnabled(prisma: PrismaClient): Promise<boolean> {
  return (await readMeetingSetting(prisma, 'group_video_calls_enabled')) === 'true';
}

export async function setGroupCallsEnabled(services: Services, actor: AuditActor, enabled: boolean) {
  await writeMeetingSetting(services, actor, 'group_video_calls_enabled', enabled ? 'true' : 'false');
  return enabled;
}

/** The quality the meeting area starts with (its selector still changes it per call). */
export async function defaultVideoQuality(prisma: PrismaClient): Promise<VideoQuality> {
  const value = await readMeetingSetting(prisma, 'video_call_quality');
  return (VIDEO_QUALITIES as readonly string[]).includes(value) ? (value as VideoQuality) : 'HD';
}

export async function setDefaultVideoQuality(services: Services, actor: AuditActor, quality: VideoQuality) {
  await writeMeetingSetting(services, actor, 'video_call_quality', quality);
  return quality;
}
