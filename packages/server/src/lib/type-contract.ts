// Compile-time checks that an API schema's static type is the type it answers with, so a
// renamed or retyped field of the engine's or vulndb's results fails `npm run typecheck`
// instead of drifting from the OpenAPI document.

/**
 * True when each of A and B is assignable to the other: a field renamed, dropped, added as
 * required or retyped on either side makes it false (readonly modifiers do not count).
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only for `true`: `type _ = Assert<Same<X, Y>>`. */
export type Assert<T extends true> = T;

/** `modelVersion` → `model_version`: the API's field names for vulndb's camel-cased columns. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** An object's fields under their snake-cased names, with their types. */
export type SnakeCased<T> = { [K in keyof T as K extends string ? SnakeCase<K> : K]: T[K] };
