import { Store, type Disposable, type OperationDescriptor, type Snapshot } from 'relay-runtime';
import type { Locale } from '../i18n/locale';

/** What the store knows of a query it keeps: the language of its last answer, if that answer held server texts. */
type Kept = {
  operation: OperationDescriptor;
  holders: number;
  /** undefined: no answer seen while kept (served from the store); null: nothing in it depends on the language. */
  language: Locale | null | undefined;
};

/**
 * Relay's store, which also knows which of the queries on screen hold texts the server wrote in the
 * reader's language: plan names, notifications, activity names... The server marks such answers
 * (`extensions.locale`, server/src/answerLanguage.ts); the network layer reports each answer here
 * (noteAnswer), and after a change of language the environment asks again for the queries
 * outdatedIn that language (environment.ts), so those texts follow the switch on the open page.
 */
export class LanguageAwareStore extends Store {
  /** The queries kept (retained), by request identifier. */
  private readonly kept = new Map<string, Kept>();
  /** How many components read each query's data (its fragments' snapshots subscribed, by owner). */
  private readonly shown = new Map<string, number>();

  override retain(operation: OperationDescriptor): Disposable {
    const retained = super.retain(operation);
    const { identifier } = operation.request;
    const kept = this.kept.get(identifier) ?? { operation, holders: 0, language: undefined };
    kept.holders += 1;
    this.kept.set(identifier, kept);
    return once(() => {
      retained.dispose();
      kept.holders -= 1;
      if (kept.holders === 0 && this.kept.get(identifier) === kept) this.kept.delete(identifier);
    });
  }

  override subscribe(snapshot: Snapshot, callback: (snapshot: Snapshot) => void): Disposable {
    const subscription = super.subscribe(snapshot, callback);
    const { identifier } = snapshot.selector.owner;
    this.shown.set(identifier, (this.shown.get(identifier) ?? 0) + 1);
    return once(() => {
      subscription.dispose();
      const left = (this.shown.get(identifier) ?? 1) - 1;
      if (left > 0) this.shown.set(identifier, left);
      else this.shown.delete(identifier);
    });
  }

  /**
   * The answer to the query `identifier` arrived; it was asked in `askedIn` and the server wrote
   * texts in it (`localized`) or not. Answers the query to ask again when the language changed while
   * it was under way, else null.
   */
  noteAnswer(identifier: string, askedIn: Locale, localized: boolean, current: Locale): OperationDescriptor | null {
    const kept = this.kept.get(identifier);
    if (!kept) return null;
    kept.language = localized ? askedIn : null;
    return localized && askedIn !== current ? kept.operation : null;
  }

  /**
   * The queries on screen whose texts may be in another language than `locale` (unknown ones
   * included). A page left behind keeps its query (route loaders do not release theirs): it is not
   * asked for here; coming back to it asks again (store-and-network) in the language of then.
   */
  outdatedIn(locale: Locale): OperationDescriptor[] {
    return [...this.kept.entries()]
      .filter(([identifier, { language }]) => this.shown.has(identifier) && language !== null && language !== locale)
      .map(([, { operation }]) => operation);
  }
}

/** A Disposable whose second dispose() does nothing (Relay may dispose twice). */
function once(dispose: () => void): Disposable {
  let disposed = false;
  return {
    dispose: () => {
      if (disposed) return;
      disposed = true;
      dispose();
    },
  };
}
