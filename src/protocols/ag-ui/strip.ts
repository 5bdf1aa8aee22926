// The AG-UI 1.1 processing model's enforcement stage (spec/1.1/basic/processing): material the protocol
// does not describe is stripped with a warning naming its path, a malformed known value stays fatal.
// - a property an object's schema does not describe is removed (except where the schema leaves the
//   object open: JSON Patch operations, `metadata`, activity content);
// - an unrecognised member of a discriminated union (an outcome, a content part, a patch `op`) or a
//   string outside a closed set (a role) is removed from an optional position, dropped from a list,
//   and in a required position takes the value containing it with it;
// - a value of the wrong kind (an array where an object belongs) is left for the schema to reject.
// It walks the value alongside @ag-ui/core's own zod schemas, as @ag-ui/client 1.0's enforceEvents does,
// and copies only what it walks; it never recurses deeper than MAX_DATA_DEPTH.
import type { z } from 'zod';
import { MAX_DATA_DEPTH } from '../../model/safe-text';
import { isRecord } from '../shared/view-helpers';

/** What was removed: `property` (an undescribed key) or `member` (an unrecognised union member or value). */
export interface Stripped {
  path: string;
  kind: 'property' | 'member';
  /** For a member: the unrecognised discriminator or value, as the stream sent it. */
  value?: string;
}

const DROP = Symbol('drop');

interface Def {
  type: string;
  innerType?: ZodLike;
  in?: ZodLike;
  getter?: () => ZodLike;
  shape?: Record<string, ZodLike>;
  element?: ZodLike;
  valueType?: ZodLike;
  options?: ZodLike[];
  discriminator?: string;
  entries?: Record<string, unknown>;
  values?: unknown[];
}

interface ZodLike {
  _zod: { def: Def };
  meta?: () => Record<string, unknown> | undefined;
  safeParse(value: unknown): { success: boolean };
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

function unwrap(schema: ZodLike): ZodLike {
  let s = schema;
  for (let i = 0; i < 32; i++) {
    const def = s._zod.def;
    if (WRAPPERS.has(def.type) && def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else if (def.type === 'lazy' && def.getter) s = def.getter();
    else return s;
  }
  return s;
}

function literalOf(schema: ZodLike | undefined): unknown {
  if (!schema) return undefined;
  const def = unwrap(schema)._zod.def;
  return def.type === 'literal' && def.values?.length === 1 ? def.values[0] : undefined;
}

const openObjects = new WeakMap<object, boolean>();

function isOpen(schema: ZodLike): boolean {
  let open = openObjects.get(schema);
  if (open === undefined) {
    open = schema.meta?.()?.specOpen === true;
    openObjects.set(schema, open);
  }
  return open;
}

/**
 * What walking needs of a schema, worked out once per schema object (the schemas are module constants):
 * a walk used to unwrap each node's wrappers, scan a union's options for the tag and list an enum's
 * values at every value it visited.
 */
type Plan =
  | { type: 'object'; shape: Record<string, ZodLike>; open: boolean }
  | { type: 'array'; element: ZodLike | undefined }
  | { type: 'record'; valueType: ZodLike | undefined }
  | { type: 'tagged'; key: string; byTag: Map<unknown, ZodLike> }
  | { type: 'union'; arrayOption: ZodLike | undefined; objectOption: ZodLike | undefined }
  | { type: 'enum'; values: Set<unknown> }
  | { type: 'other' };

const plans = new WeakMap<ZodLike, Plan>();

function planOf(schema: ZodLike): Plan {
  let plan = plans.get(schema);
  if (plan === undefined) {
    plan = makePlan(schema);
    plans.set(schema, plan);
  }
  return plan;
}

function makePlan(schema: ZodLike): Plan {
  const s = unwrap(schema);
  const def = s._zod.def;
  switch (def.type) {
    case 'object':
      return { type: 'object', shape: def.shape ?? {}, open: isOpen(s) };
    case 'array':
      return { type: 'array', element: def.element };
    case 'record':
      return { type: 'record', valueType: def.valueType };
    case 'union': {
      const options = def.options ?? [];
      const key = def.discriminator;
      if (key !== undefined) {
        // The first option whose literal is the tag, as a scan of the options in order finds it.
        const byTag = new Map<unknown, ZodLike>();
        for (const option of options) {
          const o = unwrap(option);
          if (o._zod.def.type !== 'object') continue;
          const tag = literalOf(o._zod.def.shape?.[key]);
          if (tag !== undefined && !byTag.has(tag)) byTag.set(tag, option);
        }
        return { type: 'tagged', key, byTag };
      }
      let arrayOption: ZodLike | undefined;
      let objectOption: ZodLike | undefined;
      for (const option of options) {
        const t = unwrap(option)._zod.def.type;
        if (t === 'array') arrayOption ??= option;
        else if (t === 'object') objectOption ??= option;
      }
      return { type: 'union', arrayOption, objectOption };
    }
    case 'enum':
      return { type: 'enum', values: new Set(Object.values(def.entries ?? {})) };
    default:
      return { type: 'other' };
  }
}

/**
 * The keys from the root to the value being walked. A path is spelled out only for what is stripped:
 * building one string per value visited cost more than the rest of the walk.
 */
const trail: (string | number)[] = [];

/** The JSON Pointer of the value being walked's child `key`. */
function pathTo(key: string | number): string {
  return trail.length === 0 ? `/${key}` : `/${trail.join('/')}/${key}`;
}

function walk(value: unknown, schema: ZodLike, out: Stripped[], depth: number): unknown {
  if (depth > MAX_DATA_DEPTH) return value;
  const plan = planOf(schema);
  switch (plan.type) {
    case 'object': {
      if (!isRecord(value)) return value;
      const shape = plan.shape;
      let copy: Record<string, unknown> | undefined;
      for (const key of Object.keys(value)) {
        const field = Object.prototype.hasOwnProperty.call(shape, key) ? shape[key] : undefined;
        if (field === undefined) {
          if (plan.open) continue;
          out.push({ path: pathTo(key), kind: 'property' });
          copy ??= { ...value };
          delete copy[key];
          continue;
        }
        const before = out.length;
        trail.push(key);
        const next = walk(value[key], field, out, depth + 1);
        trail.pop();
        if (next === DROP) {
          // Optional: the field goes. Required: the object holding it goes instead.
          out.length = before;
          if (field.safeParse(undefined).success) {
            out.push({ path: pathTo(key), kind: 'member' });
            copy ??= { ...value };
            delete copy[key];
            continue;
          }
          return DROP;
        }
        if (next !== value[key]) {
          copy ??= { ...value };
          copy[key] = next;
        }
      }
      return copy ?? value;
    }
    case 'array': {
      const element = plan.element;
      if (!Array.isArray(value) || !element) return value;
      let copy: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const before = out.length;
        trail.push(i);
        const next = walk(value[i], element, out, depth + 1);
        trail.pop();
        if (next === DROP) {
          out.length = before;
          out.push({ path: pathTo(i), kind: 'member' });
          copy ??= value.slice(0, i);
          continue;
        }
        if (copy) copy.push(next);
        else if (next !== value[i]) {
          copy = value.slice(0, i);
          copy.push(next);
        }
      }
      return copy ?? value;
    }
    case 'record': {
      const valueType = plan.valueType;
      if (!isRecord(value) || !valueType) return value;
      let copy: Record<string, unknown> | undefined;
      for (const key of Object.keys(value)) {
        trail.push(key);
        const next = walk(value[key], valueType, out, depth + 1);
        trail.pop();
        if (next === DROP) {
          copy ??= { ...value };
          delete copy[key];
          out.push({ path: pathTo(key), kind: 'member' });
        } else if (next !== value[key]) {
          copy ??= { ...value };
          copy[key] = next;
        }
      }
      return copy ?? value;
    }
    case 'tagged': {
      // A value of the wrong kind is malformed, not unrecognised: the schema rejects it.
      if (!isRecord(value)) return value;
      const tag = value[plan.key];
      // A discriminator that is not a string names no member: malformed.
      if (typeof tag !== 'string') return value;
      const option = plan.byTag.get(tag);
      return option === undefined ? DROP : walk(value, option, out, depth + 1);
    }
    case 'union': {
      // A plain union (string or list of parts): walk the branch of the value's own kind.
      const option = Array.isArray(value) ? plan.arrayOption : isRecord(value) ? plan.objectOption : undefined;
      return option === undefined ? value : walk(value, option, out, depth + 1);
    }
    case 'enum':
      // A string outside a closed set is an unrecognised member; anything else is malformed.
      if (typeof value !== 'string') return value;
      return plan.values.has(value) ? value : DROP;
    default:
      return value;
  }
}

/**
 * `value` without the material `schema` does not describe, and the paths removed (JSON Pointers from
 * the value's root). `value` itself is never changed; when nothing is stripped it comes back as it is.
 * `dropped` when the whole value is unrecognisable (an unknown member in a required position): then
 * `stripped` names that member.
 */
export function stripUnrecognised(value: unknown, schema: z.ZodType): { value: unknown; stripped: Stripped[]; dropped: boolean } {
  const stripped: Stripped[] = [];
  trail.length = 0;
  const next = walk(value, schema as unknown as ZodLike, stripped, 0);
  if (next === DROP) {
    const member: Stripped = { path: requiredMember(value, schema as unknown as ZodLike) ?? '', kind: 'member' };
    return { value: undefined, stripped: [withValue(value, member)], dropped: true };
  }
  return { value: next, stripped: stripped.map((s) => withValue(value, s)), dropped: false };
}

/** The first required field whose unknown member took the whole value with it. */
function requiredMember(value: unknown, schema: ZodLike): string | undefined {
  const def = unwrap(schema)._zod.def;
  if (def.type !== 'object' || !isRecord(value)) return undefined;
  for (const [key, field] of Object.entries(def.shape ?? {})) {
    if (value[key] === undefined) continue;
    trail.length = 0;
    trail.push(key);
    const next = walk(value[key], field, [], 1);
    trail.length = 0;
    if (next === DROP) return `/${key}`;
  }
  return undefined;
}

/** A member is reported with what it was: its discriminator, op or role, or the string itself. */
function withValue(root: unknown, s: Stripped): Stripped {
  if (s.kind !== 'member' || s.value !== undefined) return s;
  const found = at(root, s.path);
  if (typeof found === 'string') return { ...s, value: found };
  if (isRecord(found)) {
    for (const k of ['type', 'op', 'role', 'subtype']) {
      if (typeof found[k] === 'string') return { ...s, value: found[k] };
    }
  }
  return s;
}

function at(value: unknown, pointer: string): unknown {
  let v = value;
  for (const part of pointer.split('/').slice(1)) {
    if (Array.isArray(v)) v = v[Number(part)];
    else if (isRecord(v)) v = v[part];
    else return undefined;
  }
  return v;
}
