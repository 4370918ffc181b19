/** Types of chromium-args.mjs (plain JavaScript, shared by the scripts and playwright.config.ts). */
export declare const CHROMIUM_ARGS: readonly string[];
