import * as csstree from 'css-tree';
import { z } from 'zod';
import type { Prisma, Stylesheet } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import { audited, type AuditActor } from './audit';
import { NotFoundError, ValidationError } from './errors';
import { rules } from './validation';

/**
 * The site's stylesheets (spec sections 2 "CSS styles", 3 "Stylesheet"): admins write CSS with
 * custom-property variables; the active one is served at ACTIVE_STYLESHEET_PATH and every page
 * links it. CSS is parsed with css-tree (the parser behind csso and Stylelint) and refused when a
 * rule does not parse or a declaration's value does not fit its property, so a typo never reaches
 * the members' pages half-applied.
 */

export const STYLESHEET_MAX_CHARS = 200_000;
export const STYLESHEET_MAX_VARIABLES = 200;
export const ACTIVE_STYLESHEET_PATH = '/stylesheets/active.css';

/** A custom property name (`--brand-color`) and a value without anything that ends a declaration. */
const variableName = z.string().regex(/^--[a-zA-Z0-9_-]{1,64}$/, 'stylesheets.variableName');
const variableValue = z
  .string()
  .trim()
  .min(1, 'stylesheets.variableValue')
  .max(500, 'validation.tooLong')
  .regex(/^[^;{}]*$/, 'stylesheets.variableValue');

export const stylesheetInput = z.object({
  name: rules.requiredText(100, 'stylesheets.nameRequired'),
  content: z.string().max(STYLESHEET_MAX_CHARS, 'validation.tooLong'),
  variables: z
    .array(z.object({ name: variableName, value: variableValue }))
    .max(STYLESHEET_MAX_VARIABLES, 'stylesheets.tooManyVariables')
    .refine((list) => new Set(list.map((variable) => variable.name)).size === list.length, 'stylesheets.variableTwice')
    .nullish(),
  isCompressed: z.boolean().nullish(),
});
export type StylesheetInput = z.output<typeof stylesheetInput>;

/** What css-tree cannot check (values with var(), vendor-prefixed properties) is let through; the rest must match. */
function declarationProblem(node: csstree.Declaration): string | null {
  if (node.property.startsWith('--') || /^-[a-z]+-/.test(node.property)) return null;
  if (csstree.generate(node.value).includes('var(')) return null;
  const match = csstree.lexer.matchDeclaration(node);
  return match.error ? node.property : null;
}

/** The CSS, parsed: refused with the first problem's line (a rule that does not parse, a value that does not fit). */
export function parseCss(content: string, path: string[] = ['content']): csstree.CssNode {
  const problems: { line: number; detail: string }[] = [];
  const ast = csstree.parse(content, {
    positions: true,
    onParseError: (error) => problems.push({ line: error.line, detail: error.message }),
  });
  csstree.walk(ast, {
    visit: 'Declaration',
    enter(node) {
      const property = declarationProblem(node);
      if (property) problems.push({ line: node.loc?.start.line ?? 1, detail: property });
    },
  });
  const first = problems.sort((a, b) => a.line - b.line)[0];
  if (first) {
    throw new ValidationError([
      { path, messageKey: 'stylesheets.invalidCss', params: { line: first.line, detail: first.detail } },
    ]);
  }
  return ast;
}

/** The variables as a `:root` rule (checked like the rest), then the content; minified (css-tree's compact output) when asked. */
export function compileStylesheet(sheet: Pick<Stylesheet, 'content' | 'variables' | 'isCompressed'>): string {
  const variables = Object.entries((sheet.variables ?? {}) as Record<string, string>);
  const root = variables.length ? `:root {\n${variables.map(([name, value]) => `  ${name}:${value};`).join('\n')}\n}\n` : '';
  const css = `${root}${sheet.content}`;
  return sheet.isCompressed ? csstree.generate(parseCss(css)) : css;
}

/** Checks what would be served before storing anything. */
function checked(input: StylesheetInput) {
  parseCss(input.content);
  const variables = input.variables ?? [];
  variables.forEach(({ name, value }, index) => parseCss(`:root { ${name}: ${value}; }`, ['variables', String(index)]));
  return {
    name: input.name,
    content: input.content,
    variables: Object.fromEntries(variables.map(({ name, value }) => [name, value])) as Prisma.InputJsonObject,
    isCompressed: input.isCompressed ?? false,
  };
}

const snapshot = (sheet: Stylesheet) => ({
  name: sheet.name,
  isActive: sheet.isActive,
  isCompressed: sheet.isCompressed,
  length: sheet.content.length,
});

export const listStylesheets = (prisma: PrismaClient) => prisma.stylesheet.findMany({ orderBy: { id: 'asc' } });

export function createStylesheet(prisma: PrismaClient, actor: AuditActor, input: StylesheetInput) {
  const data = checked(input);
  return audited(prisma, { actor, action: 'stylesheet.create', targetType: 'stylesheet' }, async (tx) => {
    const created = await tx.stylesheet.create({ data });
    return { result: created, before: null, after: snapshot(created), targetId: created.id };
  });
}

export function updateStylesheet(prisma: PrismaClient, actor: AuditActor, id: number, input: StylesheetInput) {
  const data = checked(input);
  return audited(prisma, { actor, action: 'stylesheet.update', targetType: 'stylesheet', targetId: id }, async (tx) => {
    const before = await tx.stylesheet.findUnique({ where: { id } });
    if (!before) throw new NotFoundError('stylesheets.notFound');
    const after = await tx.stylesheet.update({ where: { id }, data });
    return { result: after, before: snapshot(before), after: snapshot(after) };
  });
}

/** Makes it the site's stylesheet (the one active before stops), or switches it off. */
export function setStylesheetActive(prisma: PrismaClient, actor: AuditActor, id: number, active: boolean) {
  return audited(
    prisma,
    { actor, action: active ? 'stylesheet.activate' : 'stylesheet.deactivate', targetType: 'stylesheet', targetId: id },
    async (tx) => {
      const before = await tx.stylesheet.findUnique({ where: { id } });
      if (!before) throw new NotFoundError('stylesheets.notFound');
      // Checked again: a module's stylesheet is stored unchecked until someone activates it.
      if (active) parseCss(compileStylesheet({ ...before, isCompressed: false }));
      if (active) await tx.stylesheet.updateMany({ where: { isActive: true, id: { not: id } }, data: { isActive: false } });
      const after = await tx.stylesheet.update({ where: { id }, data: { isActive: active } });
      return { result: after, before: snapshot(before), after: snapshot(after) };
    },
  );
}

export function deleteStylesheet(prisma: PrismaClient, actor: AuditActor, id: number) {
  return audited(prisma, { actor, action: 'stylesheet.delete', targetType: 'stylesheet', targetId: id }, async (tx) => {
    const before = await tx.stylesheet.findUnique({ where: { id } });
    if (!before) throw new NotFoundError('stylesheets.notFound');
    await tx.stylesheet.delete({ where: { id } });
    return { result: before, before: snapshot(before), after: null };
  });
}

/** The CSS every page links: the active stylesheet compiled, or nothing. */
export async function activeStylesheetCss(prisma: PrismaClient): Promise<{ css: string; version: string }> {
  const active = await prisma.stylesheet.findFirst({ where: { isActive: true } });
  if (!active) return { css: '', version: 'none' };
  return { css: compileStylesheet(active), version: `${active.id}-${active.updatedAt.getTime()}` };
}
