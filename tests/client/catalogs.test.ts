import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const localesDir = path.resolve(import.meta.dirname, '../../client/src/locales')

/** msgid -> msgstr of a .po file (header skipped; handles strings continued on following lines). */
function parsePo(locale: string): Map<string, string> {
  const text = readFileSync(path.join(localesDir, locale, 'messages.po'), 'utf8')
  const entries = new Map<string, string>()
  const unquote = (line: string) => JSON.parse(line.trim()) as string
  let key: 'msgid' | 'msgstr' | null = null
  let msgid = ''
  let msgstr = ''
  const flush = () => {
    if (key === 'msgstr' && msgid !== '') entries.set(msgid, msgstr)
  }
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('msgid ')) {
      flush()
      key = 'msgid'
      msgid = unquote(line.slice(6))
      msgstr = ''
    } else if (line.startsWith('msgstr ')) {
      key = 'msgstr'
      msgstr = unquote(line.slice(7))
    } else if (line.startsWith('"') && key) {
      if (key === 'msgid') msgid += unquote(line)
      else msgstr += unquote(line)
    }
  }
  flush()
  return entries
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('translation catalogs', () => {
  const source = parsePo('ru')

  it('has source messages', () => {
    expect(source.size).toBeGreaterThan(50)
  })

  it.each(['en', 'fr'])('%s translates every message of the source catalog', (locale) => {
    const catalog = parsePo(locale)
    expect([...catalog.keys()].sort()).toEqual([...source.keys()].sort())
    const untranslated = [...catalog].filter(([, msgstr]) => msgstr.trim() === '').map(([msgid]) => msgid)
    expect(untranslated).toEqual([])
  })

  it.each(['en', 'fr'])('%s keeps the placeholders and leaves no Cyrillic behind', (locale) => {
    for (const [msgid, msgstr] of parsePo(locale)) {
      expect(placeholders(msgstr), msgid).toEqual(placeholders(msgid))
      expect(/[а-яё]/i.test(msgstr), `${locale}: ${msgstr}`).toBe(false)
    }
  })
})
