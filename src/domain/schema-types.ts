/**
 * Type-level checks that a hand-written type and the zod schema of the same JSON agree. The types
 * stay in modules without zod (the web's pages import them and must not carry zod); the answer
 * schemas sit beside them in `*-response.ts`, each followed by a check like
 * `export type Checked = [Expect<Same<Checklist, z.infer<typeof ChecklistSchema>>>]`, so `tsc`
 * fails the moment the two drift apart.
 */

/** True only when A and B are the same type (each assignable to the other is not enough: `any` is not). */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only for `true`: `Expect<Same<A, B>>` fails type-checking when A and B differ. */
export type Expect<T extends true> = T;
