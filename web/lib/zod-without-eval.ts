/**
 * Zod compiles object parsers with `new Function` when it may. Our content security policy forbids eval
 * (script-src 'self'), so its probe for that was refused and reported: a "Content security policy" issue
 * in the browser (Lighthouse's best-practices) on every page that parses with zod. jitless skips the
 * probe and the compiling; the web app's parsers are small, so interpreting them costs nothing anyone
 * could notice. Imported first by web/main.tsx, before any schema is built.
 *
 * Zod keeps its configuration on globalThis.__zod_globalConfig (so copies of zod share it) and reads it
 * when a schema is built: setting it there, rather than calling zod's config(), keeps zod out of the
 * landing page's first download. zod-without-eval.test.ts checks zod still reads it.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
