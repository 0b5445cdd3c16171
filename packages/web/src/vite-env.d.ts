/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** `<package version>+<build time>`, the same value as the build's `version.json`; unset outside a build. */
  readonly APP_VERSION: string | undefined;
  /** `HASH_ROUTER=true` at build time: hash-mode routes, for the mobile-wrapper build. */
  readonly HASH_ROUTER: boolean | undefined;
}
