/// <reference types="vite/client" />

declare module 'babel-plugin-relay' {
  // The package ships no types; Babel only needs a plugin factory here.
  const plugin: (...args: never[]) => object;
  export default plugin;
}

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
