import { z } from 'zod';
import type { SupportMessage, SupportReply } from '../generated/prisma/client';
import type { Services } from './container';
import { resolveLocale, translate } from '../i18n';
import { audited, type AuditActor } from './audit';
import { NotFoundError } from './errors';
import { publishStoredNotification, storeNotification } from './notifications';
import { rules } from './validation';
import { effectivePlan, PRIORITY_SUPPORT_FEATURE } from './subscriptions';
import type { PrismaClient } from '../db';

/** Spec section 9: the admin inbox previews the first 100 characters of a message. */
export const SUPPORT_PREVIEW_LENGTH = 100;
export const SUPPORT_SUBJECT_MAX = 255;
export const SUPPORT_TEXT_MAX = 5000;

export const sendSupportMessageInput = z.object({
  subject: rules.requiredText(SUPPORT_SUBJECT_MAX, 'support.subjectRequired'),
  message: rules.requiredText(SUPPORT_TEXT_MAX, 'support.messageRequired'),
});
export const replyToSupportMessageInput = z.object({
  messageId: z.string().trim().min(1, 'validation.required'),
  reply: rules.requiredText(SUPPORT_TEXT_MAX, 'support.replyRequired'),
});

/** The first 100 characters (whole code points), with an ellipsis when the text is longer. */
export function supportPreview(content: string): string {
  const chars = [...content];
  return chars.length <= SUPPORT_PREVIEW_LENGTH ? content : `${chars.slice(0, SUPPORT_PREVIEW_LENGTH).join('')}…`;
}

/** A member writes to support; on a plan with 24/7 support (spec section 9: enterprise) the message is a priority one. */
export async function sendSupportMessage(services: Services, userId: number, input: z.output<typeof sendSupportMessageInput>) {
  const priority = await hasPrioritySupport(services.prisma, userId);
  return services.prisma.supportMessage.create({ data: { userId, subject: input.subject, content: input.message, priority } });
}

/** Whether the member's plan now (their subscription or group) includes 24/7 support. */
export async function hasPrioritySupport(prisma: PrismaClient, userId: number): Promise<boolean> {
  const { plan } = await effectivePlan(prisma, userId);
  return Array.isArray(plan.features) && plan.features.includes(PRIORITY_SUPPORT_FEATURE);
}

/** New (unread) messages in the admin inbox: the count of the tab's badge. */
export const unreadSupportCount = (services: Services) => services.prisma.supportMessage.count({ where: { isRead: false } });

const snapshot = (message: SupportMessage) => ({ id: message.id, subject: message.subject, isRead: message.isRead });

/**
 * An administrator opens a message: new becomes read (spec section 4). Recorded in the audit log in
 * the same transaction; opening one already read changes nothing and records nothing.
 */
export async function markSupportMessageRead(services: Services, actor: AuditActor, messageId: number) {
  const current = await services.prisma.supportMessage.findUnique({ where: { id: messageId } });
  if (!current) throw new NotFoundError('support.notFound');
  if (current.isRead) return current;
  return audited(
    services.prisma,
    { actor, action: 'support.read', targetType: 'support_message', targetId: messageId },
    async (tx) => {
      const { count } = await tx.supportMessage.updateMany({ where: { id: messageId }, data: { isRead: true } });
      if (count === 0) throw new NotFoundError('support.notFound');
      const after = await tx.supportMessage.findUniqueOrThrow({ where: { id: messageId } });
      return { result: after, before: snapshot(current), after: snapshot(after) };
    },
  );
}

/**
 * An administrator answers a message: the reply is stored (the message counts as read), the audit
 * entry and the member's notification are written in the same transaction; the notification is then
 * published live and, when SMTP is configured, the member also gets the reply by mail.
 */
export async function replyToSupportMessage(
  services: Services,
  actor: AuditActor,
  messageId: number,
  text: string,
): Promise<SupportReply> {
  const { reply, notification, member, subject } = await audited(
    services.prisma,
    { actor, action: 'support.reply', targetType: 'support_message', targetId: messageId },
    async (tx) => {
      const message = await tx.supportMessage.findUnique({
        where: { id: messageId },
        include: { user: { select: { id: true, email: true, firstName: true, locale: true } } },
      });
      if (!message) throw new NotFoundError('support.notFound');
      const earlierReplies = await tx.supportReply.count({ where: { messageId } });
      const reply = await tx.supportReply.create({ data: { messageId, authorId: actor.id, content: text } });
      if (!message.isRead) await tx.supportMessage.update({ where: { id: messageId }, data: { isRead: true } });
      const notification = await storeNotification(tx, message.userId, 'SUPPORT_REPLY', {
        supportMessageId: messageId,
        supportReplyId: reply.id,
        subject: message.subject,
      });
      return {
        result: { reply, notification, member: message.user, subject: message.subject },
        before: { ...snapshot(message), replies: earlierReplies },
        after: { ...snapshot(message), isRead: true, reply: { id: reply.id, content: reply.content } },
      };
    },
  );
  publishStoredNotification(services, member.id, notification);
  if (services.config.smtpUrl) {
    const mailLocale = resolveLocale(member.locale, null);
    services.background.run('support reply mail', () =>
      services.mailer.send({
        to: member.email,
        subject: translate(mailLocale, 'mail.supportReply.subject', { subject }),
        text: translate(mailLocale, 'mail.supportReply.body', { name: member.firstName, subject, reply: text }),
      }),
    );
  }
  return reply;
}
