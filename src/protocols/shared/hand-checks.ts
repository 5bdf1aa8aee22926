// Hand checks of parsed JSON for the fast paths that let plain payloads skip zod: each accepts only what
// the zod type it stands for accepts. zod's number refuses Infinity and NaN, and JSON.parse reads 1e999
// as Infinity, so a number here is a finite one.

// An object is view-helpers' isRecord.

export type Fields = Record<string, unknown>;

export const nullish = (v: unknown): v is null | undefined => v === undefined || v === null;
/** z.number(). */
export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** z.string().nullish(). */
export const nullishString = (v: unknown): boolean => nullish(v) || typeof v === 'string';
/** z.number().nullish(). */
export const nullishNumber = (v: unknown): boolean => nullish(v) || isNumber(v);
/** z.boolean().nullish(). */
export const nullishBoolean = (v: unknown): boolean => nullish(v) || typeof v === 'boolean';
