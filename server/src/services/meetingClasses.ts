import { z } from 'zod';
import type { ClassRole } from '../generated/prisma/client';
import type { Services } from './container';
import { ConflictError, ForbiddenError, NotFoundError } from './errors';
import { rules } from './validation';
import { visibleClass } from './classAccess';
import { closeRooms } from './rooms';
import { equalsIgnoringCase } from './textMatch';

export { classPermissions, visibleClassWhere, type ClassPermissions } from './classAccess';

/**
 * Classes (categories) of rooms and their member roles, spec section 6: the creator becomes admin;
 * admin and moderator open the settings and delete rooms; only an admin deletes the class; an admin
 * always creates rooms, a moderator or member only when the class allows it, a guest never.
 */
export const CLASS_ROLES = ['admin', 'moderator', 'member', 'guest'] as const satisfies readonly ClassRole[];

const maxRooms = z.number().int('meeting.maxRooms').min(1, 'meeting.maxRooms').max(20, 'meeting.maxRooms');

export const createClassInput = z.object({
  name: rules.requiredText(200, 'meeting.className'),
  description: z.string().trim().max(2000, 'validation.tooLong').nullish(),
  isPrivate: z.boolean().nullish(),
  maxRooms: maxRooms.nullish(),
  allowUserCreateRooms: z.boolean().nullish(),
});

export const updateClassInput = createClassInput.extend({ classId: z.number().int() });

export async function createClass(services: Services, userId: number, input: z.output<typeof createClassInput>) {
  return services.prisma.meetingClass.create({
    data: {
      name: input.name,
      description: input.description || null,
      isPrivate: input.isPrivate ?? false,
      maxRooms: input.maxRooms ?? 10,
      allowUserCreateRooms: input.allowUserCreateRooms ?? false,
      createdById: userId,
      members: { create: { userId, role: 'admin' } },
    },
  });
}

export async function updateClass(services: Services, userId: number, input: z.output<typeof updateClassInput>) {
  const { can } = await visibleClass(services, input.classId, userId);
  if (!can.openSettings) throw new ForbiddenError('meeting.settingsForbidden');
  return services.prisma.meetingClass.update({
    where: { id: input.classId },
    data: {
      name: input.name,
      description: input.description === undefined ? undefined : input.description || null,
      isPrivate: input.isPrivate ?? undefined,
      maxRooms: input.maxRooms ?? undefined,
      allowUserCreateRooms: input.allowUserCreateRooms ?? undefined,
    },
  });
}

export async function deleteClass(services: Services, userId: number, classId: number) {
  const { can } = await visibleClass(services, classId, userId);
  if (!can.deleteClass) throw new ForbiddenError('meeting.deleteClassForbidden');
  // People still in its rooms are told the rooms closed before the rows go.
  const rooms = await services.prisma.room.findMany({ where: { classId, isActive: true }, select: { id: true } });
  await closeRooms(
    services,
    rooms.map((room) => room.id),
  );
  await services.prisma.meetingClass.delete({ where: { id: classId } });
}

/** Anyone may join a public class as a member; private classes are joined by invitation only. */
export async function joinClass(services: Services, userId: number, classId: number) {
  const { meetingClass, role } = await visibleClass(services, classId, userId);
  if (role) return meetingClass;
  if (meetingClass.isPrivate) throw new ForbiddenError('meeting.classIsPrivate');
  await services.prisma.classMember.create({ data: { classId, userId, role: 'member' } });
  return meetingClass;
}

/** Admins and moderators add people; only an admin hands out the admin and moderator roles. */
export async function addClassMember(
  services: Services,
  userId: number,
  input: { classId: number; username: string; role: ClassRole },
) {
  const { role: own, can } = await visibleClass(services, input.classId, userId);
  if (!can.openSettings) throw new ForbiddenError('meeting.settingsForbidden');
  if (isManagerRole(input.role) && own !== 'admin') throw new ForbiddenError('meeting.grantRoleForbidden');
  const member = await services.prisma.user.findFirst({
    where: { username: equalsIgnoringCase(input.username.trim()), isActive: true },
    select: { id: true },
  });
  if (!member) throw new NotFoundError('meeting.userNotFound');
  const existing = await services.prisma.classMember.findUnique({
    where: { classId_userId: { classId: input.classId, userId: member.id } },
  });
  if (existing) throw new ConflictError('username', 'meeting.alreadyMember');
  await services.prisma.classMember.create({ data: { classId: input.classId, userId: member.id, role: input.role } });
  return services.prisma.meetingClass.findUniqueOrThrow({ where: { id: input.classId } });
}

export async function setClassMemberRole(
  services: Services,
  userId: number,
  input: { classId: number; memberId: number; role: ClassRole },
) {
  const { role: own } = await visibleClass(services, input.classId, userId);
  if (own !== 'admin') throw new ForbiddenError('meeting.grantRoleForbidden');
  const member = await memberOf(services, input.classId, input.memberId);
  if (member.role === 'admin' && input.role !== 'admin') await keepAnAdmin(services, input.classId);
  await services.prisma.classMember.update({ where: { id: member.id }, data: { role: input.role } });
  return services.prisma.meetingClass.findUniqueOrThrow({ where: { id: input.classId } });
}

/** Admins remove anyone (but the last admin); moderators remove members and guests; anyone may leave. */
export async function removeClassMember(services: Services, userId: number, input: { classId: number; memberId: number }) {
  const { role: own, can } = await visibleClass(services, input.classId, userId);
  const member = await memberOf(services, input.classId, input.memberId);
  const leavingThemselves = input.memberId === userId;
  if (!leavingThemselves) {
    if (!can.openSettings) throw new ForbiddenError('meeting.settingsForbidden');
    if (isManagerRole(member.role) && own !== 'admin') throw new ForbiddenError('meeting.grantRoleForbidden');
  }
  if (member.role === 'admin') await keepAnAdmin(services, input.classId);
  await services.prisma.classMember.delete({ where: { id: member.id } });
  return services.prisma.meetingClass.findUniqueOrThrow({ where: { id: input.classId } });
}

const isManagerRole = (role: ClassRole) => role === 'admin' || role === 'moderator';

async function memberOf(services: Services, classId: number, userId: number) {
  const member = await services.prisma.classMember.findUnique({ where: { classId_userId: { classId, userId } } });
  if (!member) throw new NotFoundError('meeting.userNotFound');
  return member;
}

async function keepAnAdmin(services: Services, classId: number) {
  const admins = await services.prisma.classMember.count({ where: { classId, role: 'admin' } });
  if (admins <= 1) throw new ForbiddenError('meeting.lastAdmin');
}
