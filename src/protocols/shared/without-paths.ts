// A payload with the values at some paths left out, as a client that reads only what it understands
// sees it: a schema's complaints name the paths, and the rest of the payload is still shown. Copies only
// the objects and arrays along those paths; the input is never changed.

const DROPPED = Symbol('dropped');

type Container = Record<PropertyKey, unknown> | unknown[];
const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/**
 * `value` without what lies at each path: an object's property is deleted, an array's element removed
 * (later elements move up), and so is an element left an empty object. Undefined when a path is empty, since nothing of the value would be left.
 * A path that leads through something other than an object or array stops there.
 */
export function withoutPaths(value: unknown, paths: readonly (readonly PropertyKey[])[]): unknown {
  if (!isContainer(value) || paths.some((p) => p.length === 0)) return undefined;
  const copies = new Set<Container>();
  const copy = (v: Container): Container => {
    const c = Array.isArray(v) ? v.slice() : { ...v };
    copies.add(c);
    return c;
  };
  const root = copy(value);
  for (const path of paths) {
    let node: Container = root;
    let parent: Container | undefined;
    let i = 0;
    for (; i < path.length - 1; i++) {
      const fields = node as Record<PropertyKey, unknown>;
      const key = path[i] as PropertyKey;
      const child = fields[key];
      if (!isContainer(child)) break;
      const next = copies.has(child) ? child : copy(child);
      fields[key] = next;
      parent = node;
      node = next;
    }
    if (i < path.length - 1) continue;
    const last = path[path.length - 1] as PropertyKey;
    if (Array.isArray(node)) {
      if (typeof last === 'number' && last >= 0 && last < node.length) node[last] = DROPPED;
      continue;
    }
    if (!(last in node)) continue;
    delete node[last];
    // An element of a list that held nothing but what was left out goes with it.
    const at = path[path.length - 2];
    if (Array.isArray(parent) && typeof at === 'number' && Object.keys(node).length === 0) parent[at] = DROPPED;
  }
  for (const c of copies) {
    if (!Array.isArray(c) || !c.includes(DROPPED)) continue;
    let w = 0;
    for (let r = 0; r < c.length; r++) if (c[r] !== DROPPED) c[w++] = c[r];
    c.length = w;
  }
  return root;
}
