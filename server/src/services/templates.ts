import Mustache from 'mustache';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { Template } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import { audited, type AuditActor } from './audit';
import { HTML_POLICY } from './content';
import { NotFoundError, ValidationError } from './errors';
import type { Mail, Mailer } from './mailer';
import { rules } from './validation';

/**
 * The site's templates (spec sections 2 "Templates", 3 "Template"): HTML an admin writes around
 * what the site sends or shows. A `mail` template wraps every mail the site sends (its HTML part;
 * the plain text stays); a `landing` template lays out the landing page from the landing editor's
 * fields. One template per type is active. Placeholders are Mustache tags (`{{title}}`,
 * `{{#features}}{{.}}{{/features}}`); every value is escaped (unescaped tags are refused) and the
 * result is sanitised, so neither a template nor a value can put a script on a page or in a mail.
 */

// Mustache keeps every template it parsed; admins' drafts (previews) would pile up. Ours parse in microseconds.
Mustache.templateCache = undefined;

export const TEMPLATE_TYPES = ['mail', 'landing'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const TEMPLATE_MAX_CHARS = 100_000;

/** What each type's template may use, the section names among them, and what it must contain. */
export const TEMPLATE_PLACEHOLDERS: Record<TemplateType, { names: string[]; sections: string[]; required: string | null }> = {
  mail: { names: ['site_name', 'subject', 'body', 'year'], sections: [], required: 'body' },
  landing: {
    names: ['site_name', 'title', 'subtitle', 'description', 'hero_image', 'cta_text', 'cta_link', 'features'],
    sections: ['features', 'subtitle', 'description', 'hero_image'],
    required: null,
  },
};

/** The content's HTML policy: the rich-text editor's, plus layout tags and inline styles. */
const TEMPLATE_POLICY: sanitizeHtml.IOptions = {
  ...HTML_POLICY,
  allowedTags: [
    ...(HTML_POLICY.allowedTags as string[]),
    'div', 'section', 'header', 'footer', 'main', 'article', 'nav', 'figure', 'figcaption', 'small',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ], // prettier-ignore
  allowedAttributes: {
    ...(HTML_POLICY.allowedAttributes as Record<string, string[]>),
    '*': ['style', 'class', 'align', 'width', 'height'],
  },
};

export const templateInput = z.object({
  name: rules.requiredText(100, 'templates.nameRequired'),
  templateType: z.enum(TEMPLATE_TYPES, { message: 'templates.unknownType' }),
  content: z.string().max(TEMPLATE_MAX_CHARS, 'validation.tooLong'),
});
export type TemplateInput = z.output<typeof templateInput>;

const refusal = (messageKey: string, params: Record<string, string> = {}) =>
  new ValidationError([{ path: ['content'], messageKey, params }]);

type Token = [type: string, value: string, start: number, end: number, children?: Token[]];

/** Parses the template and checks its tags against the type's placeholders; throws a translated refusal. */
export function checkTemplate(templateType: TemplateType, content: string): void {
  let tokens: Token[];
  try {
    tokens = Mustache.parse(content) as Token[];
  } catch (error) {
    throw refusal('templates.invalidSyntax', { detail: (error as Error).message });
  }
  const { names, sections, required } = TEMPLATE_PLACEHOLDERS[templateType];
  const known = names.join(', ');
  let hasRequired = false;
  const visit = (list: Token[], inSection: boolean) => {
    for (const [type, value, start, end, children] of list) {
      if (type === 'text' || type === '!') continue;
      // Unescaped output ({{{x}}}, {{&x}}), partials and delimiter changes: never.
      if (type === '&' || type === '{' || type === '>' || type === '=') {
        throw refusal('templates.invalidSyntax', { detail: content.slice(start, end) });
      }
      const isSection = type === '#' || type === '^';
      const allowed = (inSection && value === '.') || (isSection ? sections.includes(value) : names.includes(value));
      if (!allowed) throw refusal('templates.unknownPlaceholder', { name: value, known });
      if (value === required) hasRequired = true;
      if (children) visit(children, inSection || isSection);
    }
  };
  visit(tokens, false);
  if (required && !hasRequired) throw refusal('templates.bodyMissing', { name: required });
}

/** The template filled in (values escaped by Mustache) and sanitised. */
export function renderTemplate(content: string, values: Record<string, unknown>): string {
  return sanitizeHtml(Mustache.render(content, values), TEMPLATE_POLICY).trim();
}

/** What a preview fills a type's placeholders with. */
export const SAMPLE_VALUES: Record<TemplateType, Record<string, unknown>> = {
  mail: {
    site_name: 'LinkUp',
    subject: 'Восстановление пароля',
    body: 'Здравствуйте!\nВаша ссылка: https://linkup.example/reset',
    year: 2026,
  },
  landing: {
    site_name: 'LinkUp',
    title: 'Добро пожаловать в LinkUp',
    subtitle: 'Общение, контент и встречи в одном месте',
    description: 'Профили, публикации, мессенджер и видеовстречи.',
    hero_image: null,
    cta_text: 'Начать',
    cta_link: '/register',
    features: ['Мессенджер', 'Видеовстречи', 'Галереи'],
  },
};

export function previewTemplate(input: { templateType: TemplateType; content: string }): string {
  checkTemplate(input.templateType, input.content);
  return renderTemplate(input.content, SAMPLE_VALUES[input.templateType]);
}

const snapshot = (template: Template) => ({
  name: template.name,
  templateType: template.templateType,
  isActive: template.isActive,
  length: template.content.length,
});

export const listTemplates = (prisma: PrismaClient) => prisma.template.findMany({ orderBy: { id: 'asc' } });

export function createTemplate(prisma: PrismaClient, actor: AuditActor, input: TemplateInput) {
  checkTemplate(input.templateType, input.content);
  return audited(prisma, { actor, action: 'template.create', targetType: 'template' }, async (tx) => {
    const created = await tx.template.create({ data: input });
    return { result: created, before: null, after: snapshot(created), targetId: created.id };
  });
}

export function updateTemplate(prisma: PrismaClient, actor: AuditActor, id: number, input: TemplateInput) {
  checkTemplate(input.templateType, input.content);
  return audited(prisma, { actor, action: 'template.update', targetType: 'template', targetId: id }, async (tx) => {
    const before = await tx.template.findUnique({ where: { id } });
    if (!before) throw new NotFoundError('templates.notFound');
    // An active template that changes type stops being active: its old type must not lose its look silently to it.
    const isActive = before.isActive && before.templateType === input.templateType;
    const after = await tx.template.update({ where: { id }, data: { ...input, isActive } });
    return { result: after, before: snapshot(before), after: snapshot(after) };
  });
}

/** Makes it its type's template (the one active before stops), or switches it off. */
export function setTemplateActive(prisma: PrismaClient, actor: AuditActor, id: number, active: boolean) {
  return audited(
    prisma,
    { actor, action: active ? 'template.activate' : 'template.deactivate', targetType: 'template', targetId: id },
    async (tx) => {
      const before = await tx.template.findUnique({ where: { id } });
      if (!before) throw new NotFoundError('templates.notFound');
      if (active) {
        // Checked again: a module's template is stored unchecked (and may have a type we do not use) until activated.
        const type = TEMPLATE_TYPES.find((known) => known === before.templateType);
        if (!type) throw refusal('templates.unknownType');
        checkTemplate(type, before.content);
        await tx.template.updateMany({
          where: { isActive: true, templateType: type, id: { not: id } },
          data: { isActive: false },
        });
      }
      const after = await tx.template.update({ where: { id }, data: { isActive: active } });
      return { result: after, before: snapshot(before), after: snapshot(after) };
    },
  );
}

export function deleteTemplate(prisma: PrismaClient, actor: AuditActor, id: number) {
  return audited(prisma, { actor, action: 'template.delete', targetType: 'template', targetId: id }, async (tx) => {
    const before = await tx.template.findUnique({ where: { id } });
    if (!before) throw new NotFoundError('templates.notFound');
    await tx.template.delete({ where: { id } });
    return { result: before, before: snapshot(before), after: null };
  });
}

/** The active template of a type filled with these values, or null when none is active. */
export async function renderActive(prisma: PrismaClient, templateType: TemplateType, values: Record<string, unknown>) {
  const active = await prisma.template.findFirst({ where: { templateType, isActive: true } });
  return active ? renderTemplate(active.content, values) : null;
}

const HTML_DOCUMENT = (subject: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${Mustache.escape(subject)}</title></head><body>${body}</body></html>`;

/**
 * Every mail through the active mail template: its HTML part is the template around the mail's
 * text (the text part stays as written). Without an active template, mails are plain text.
 */
export function withMailTemplate(mailer: Mailer, prisma: PrismaClient, siteName: () => Promise<string>): Mailer {
  return {
    async send(mail: Mail) {
      const body = await renderActive(prisma, 'mail', {
        site_name: await siteName(),
        subject: mail.subject,
        body: mail.text,
        year: new Date().getFullYear(),
      });
      await mailer.send(body === null ? mail : { ...mail, html: HTML_DOCUMENT(mail.subject, body) });
    },
  };
}
