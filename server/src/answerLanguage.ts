import { handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';
import type { Context } from './context';
import type { Locale } from './i18n';

const LANGUAGE = Symbol('answerLanguage');

/** One getter for every context, so all contexts keep one shape (a closure each would give each its own). */
function readLocale(this: { [LANGUAGE]: { locale: Locale; read: boolean } }): Locale {
  const state = this[LANGUAGE];
  state.read = true;
  return state.locale;
}

/**
 * Marks an answer that holds texts the server wrote in the request's language (a plan's name, a
 * notification, an activity's name, a typed error's message): `extensions.locale` names that
 * language. A client that switches languages asks again for the answers it shows that carry the
 * mark, and only those (client/src/relay/languageAwareStore.ts): a feed or a chat, which hold no
 * such text, keep what they loaded.
 *
 * The mark comes from the resolvers themselves: an answer depends on the language exactly when
 * something read `ctx.locale` while it was computed, so a new field needs no declaration. Listed
 * before the plugins that read the language of every answer (localizedErrors' masking), whose reading
 * comes after this one's check.
 */
export function answerLanguage(): Plugin<Context> {
  return {
    onExecute: ({ args }) => {
      const context = args.contextValue as Context & { [LANGUAGE]?: { locale: Locale; read: boolean } };
      const state = { locale: context.locale, read: false };
      context[LANGUAGE] = state;
      Object.defineProperty(context, 'locale', { configurable: true, enumerable: true, get: readLocale });
      return {
        onExecuteDone: (payload) =>
          handleStreamOrSingleExecutionResult(payload, ({ result, setResult }) => {
            if (state.read) setResult({ ...result, extensions: { ...result.extensions, locale: state.locale } });
          }),
      };
    },
  };
}
