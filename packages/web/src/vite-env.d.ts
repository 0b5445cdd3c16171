/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** `<package version>+<build time>`, the same value as the build's `version.json`; unset outside a build. */
  readonly APP_VERSION: string | undefined;
  /** `HASH_ROUTER=true` at build time: hash-mode routes, for the mobile-wrapper build. */
  readonly HASH_ROUTER: boolean | undefined;
}

/** A part of a texts file (`textParts` in vite.config.ts): its first-load texts, or the others. */
declare module '*.json?texts=start' {
  const texts: Record<string, string>;
  export default texts;
}
declare module '*.json?texts=rest' {
  const texts: Record<string, string>;
  export default texts;
}
