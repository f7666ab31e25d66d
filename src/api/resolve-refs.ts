// The $refs of the OpenAPI document, resolved inside the document only: nothing is read
// from another file and nothing is fetched. Two steps: checkRefs finds every $ref that
// points outside, at nothing, or round in a loop of bare $refs (each a problem at its
// place); resolvedViews then gives the parts the model needs with their $refs replaced.
//
// A view shares every part of the document that holds no $ref, and the view of one place
// is built once (as json-schema-ref-parser shares what it dereferences). A $ref that leads
// back into the schema it is part of (a recursive schema, a valid one: a Node whose
// children are Nodes) stays a $ref, so views are finite and acyclic: they travel to render
// threads by structured clone, and walking them terminates. Validation does not walk a
// view: the validator compiles the document's own schema at the view's place.

/** Where a view comes from: the place of the document the validator compiles for it. */
export const SCHEMA_SOURCE = Symbol('bankdocs.schemaSource');

export interface SchemaSource {
  /** The parsed document, as written ($refs and all). */
  document: object;
  /** URI fragment of the place: a JSON pointer, each segment percent-encoded ("/components/schemas/Node"). */
  pointer: string;
}

/**
 * Views are built at most this deep (the levels of the document plus those its $refs
 * add, on the way they are built); a deeper document is refused rather than run out of
 * stack. What walks a schema afterwards (the attribute tables, the validator) has its
 * own limit: a view built shallow can still be deep, out of parts built before.
 */
export const MAX_SCHEMA_DEPTH = 200;

export type RefPath = (string | number)[];

export interface RefProblem {
  ruleId: 'openapi-ref-external' | 'openapi-invalid';
  /** Path of the object that holds the $ref. */
  path: RefPath;
  message: string;
  hint: string;
}

export interface RefCheck {
  problems: RefProblem[];
  /** Objects of the document that hold a $ref somewhere inside (or are one). */
  withRefs: Set<object>;
  /** Places $refs point to (URI fragments). */
  targets: Set<string>;
}

type Resolved =
  | { ok: true; pointer: string; value: unknown }
  | {
      ok: false;
      reason: 'external' | 'missing' | 'loop' | 'not-a-pointer';
      /** $refs followed before the failure: one that fails further on is reported at its own place. */
      hops: number;
      /** For a loop, the places of the $refs that form it. */
      loop?: string[];
    };

/** Every $ref of the document, checked; no recursion, so a deep document cannot overflow the stack. */
export function checkRefs(document: object): RefCheck {
  type Entry = { value: object; parent: Entry | null; key: string | number };
  const withRefs = new Set<object>();
  const targets = new Set<string>();
  const problems: RefProblem[] = [];
  const resolve = resolver(document);
  const stack: Entry[] = [{ value: document, parent: null, key: '' }];
  while (stack.length) {
    const entry = stack.pop()!;
    const { value } = entry;
    const ref = refOf(value);
    if (ref !== null) {
      for (let e: Entry | null = entry; e && !withRefs.has(e.value); e = e.parent) withRefs.add(e.value);
      const resolved = resolve(ref);
      if (resolved.ok) targets.add(resolved.pointer);
      else {
        const path: RefPath = [];
        for (let e: Entry | null = entry; e?.parent; e = e.parent) path.push(e.key);
        path.reverse();
        // A $ref that only leads to a broken one (or into a loop it is no part of) is
        // fine itself: the broken one is reported, where it has to be fixed.
        const own = resolved.reason === 'missing' || (resolved.reason === 'loop' ? resolved.loop!.includes(placeOf(path)) : resolved.hops === 0);
        if (own) problems.push({ ...refProblem(ref, resolved.reason), path });
      }
    }
    const array = Array.isArray(value);
    for (const [key, child] of Object.entries(value)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child as object, parent: entry, key: array ? Number(key) : key });
    }
  }
  return { problems, withRefs, targets };
}

export class SchemaTooDeepError extends Error {
  constructor(readonly pointer: string) {
    super(`schemas nest more than ${MAX_SCHEMA_DEPTH} levels deep at #${pointer}`);
  }
}

/**
 * The parts of the document at `pointers`, $refs resolved (see the top of this file).
 * Only for a document whose checkRefs found no problem. Throws SchemaTooDeepError.
 */
export function resolvedViews(document: object, check: RefCheck, pointers: readonly string[]): unknown[] {
  const resolve = resolver(document);
  const memo = new Map<string, unknown>();
  const open = new Set<string>();

  const annotate = <T extends object>(view: T, pointer: string): T => {
    Object.defineProperty(view, SCHEMA_SOURCE, { value: { document, pointer } satisfies SchemaSource });
    return view;
  };

  const viewAt = (value: unknown, pointer: string, depth: number): unknown => {
    if (value === null || typeof value !== 'object' || !check.withRefs.has(value)) return value;
    if (depth > MAX_SCHEMA_DEPTH) throw new SchemaTooDeepError(pointer);
    const known = memo.get(pointer);
    if (known !== undefined) return known;
    const target = check.targets.has(pointer);
    if (target) open.add(pointer);
    const ref = refOf(value);
    let view: unknown;
    if (ref === null) {
      const array = Array.isArray(value);
      const copy: Record<string, unknown> | unknown[] = array ? [] : {};
      for (const [key, child] of Object.entries(value)) defineData(copy as Record<string, unknown>, key, viewAt(child, `${pointer}/${encodeSegment(key)}`, depth + 1));
      view = annotate(copy, pointer);
    } else {
      view = viewOfRef(value as Record<string, unknown>, ref, pointer, depth);
    }
    if (target) {
      open.delete(pointer);
      memo.set(pointer, view);
    }
    return view;
  };

  const viewOfRef = (object: Record<string, unknown>, ref: string, pointer: string, depth: number): unknown => {
    const resolved = resolve(ref);
    if (!resolved.ok) throw new Error(`Internal error: unchecked $ref "${ref}"`);
    // A $ref into a schema being resolved is a recursion: it stays a $ref, by name.
    const inner = open.has(resolved.pointer) ? annotate({ $ref: `#${resolved.pointer}` }, resolved.pointer) : viewAt(resolved.value, resolved.pointer, depth + 1);
    const siblings = Object.keys(object).filter((key) => key !== '$ref');
    if (!siblings.length) return inner;
    // OpenAPI 3.1 allows keywords beside a $ref ("description" most often). As
    // json-schema-ref-parser merges them: the $ref's own keys first, then those of what it
    // names that it lacks, objects on both sides merged (its own values win).
    const merged: Record<string, unknown> = {};
    for (const key of siblings) defineData(merged, key, viewAt(object[key], `${pointer}/${encodeSegment(key)}`, depth + 1));
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
      for (const [key, value] of Object.entries(inner)) {
        if (!Object.hasOwn(merged, key)) defineData(merged, key, value);
        else if (isObject(merged[key]) && isObject(value)) defineData(merged, key, deepMerge(value, merged[key]));
      }
    }
    return annotate(merged, pointer);
  };

  return pointers.map((pointer) => {
    const tokens = pointer.split('/').slice(1).map(decodeSegment);
    let value: unknown = document;
    for (const token of tokens) value = isObject(value) && Object.hasOwn(value, token) ? (value as Record<string, unknown>)[token] : undefined;
    return viewAt(value, pointer, 0);
  });
}

/** The name a recursive $ref is shown by: "#/components/schemas/Node" -> "Node". */
export function refName(ref: string): string {
  return decodeSegment(ref.split('/').at(-1) ?? ref);
}

export function schemaSource(schema: unknown): SchemaSource | undefined {
  return schema !== null && typeof schema === 'object' ? ((schema as Record<symbol, SchemaSource | undefined>)[SCHEMA_SOURCE]) : undefined;
}

/** The JSON pointer of a URI fragment as path segments ("#/paths/~1accounts" -> ["paths", "/accounts"]). */
export function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.split('/').slice(1).map(decodeSegment);
}

/** Resolves $ref strings of one document, each once. */
function resolver(document: object): (ref: string) => Resolved {
  const cache = new Map<string, Resolved>();
  return (ref) => {
    let resolved = cache.get(ref);
    if (!resolved) {
      resolved = resolveRef(document, ref);
      cache.set(ref, resolved);
    }
    return resolved;
  };
}

/**
 * Follows a "#/…" $ref through the document. A bare $ref met on the way (or at the end)
 * is followed too, as JSON Reference resolvers do; meeting one twice is a loop.
 */
function resolveRef(document: object, ref: string): Resolved {
  const first = fragmentSegments(ref);
  if (first === 'external') return { ok: false, reason: 'external', hops: 0 };
  if (first === null) return { ok: false, reason: 'not-a-pointer', hops: 0 };
  let queue = first;
  let value: unknown = document;
  let path: string[] = [];
  const followed: string[] = [];
  for (;;) {
    const ref = refOf(value);
    // An object with keys beside its $ref is a schema of its own: it is what a pointer
    // that ends on it names. In the middle of a pointer, its $ref is followed when the
    // next segment is not one of its own keys.
    const follow = ref !== null && (queue.length ? !Object.hasOwn(value as object, queue[0]!) : Object.keys(value as object).length === 1);
    if (follow) {
      const here = placeOf(path);
      if (followed.includes(here)) return { ok: false, reason: 'loop', hops: followed.length, loop: followed.slice(followed.indexOf(here)) };
      followed.push(here);
      const next = fragmentSegments(ref);
      if (next === 'external') return { ok: false, reason: 'external', hops: followed.length };
      if (next === null) return { ok: false, reason: 'not-a-pointer', hops: followed.length };
      queue = [...next, ...queue];
      value = document;
      path = [];
      continue;
    }
    if (!queue.length) return { ok: true, pointer: placeOf(path), value };
    const token = queue.shift()!;
    if (!isObject(value) || !Object.hasOwn(value, token)) return { ok: false, reason: 'missing', hops: followed.length };
    value = (value as Record<string, unknown>)[token];
    path.push(token);
  }
}

function refProblem(ref: string, reason: Exclude<Resolved, { ok: true }>['reason']): Omit<RefProblem, 'path'> {
  const quoted = JSON.stringify(ref);
  switch (reason) {
    case 'external':
      return {
        ruleId: 'openapi-ref-external',
        message: `the $ref ${quoted} points outside the OpenAPI document; bankdocs reads no other file and fetches nothing`,
        hint: 'copy what it names into this document (under components) and write $ref: "#/components/…"',
      };
    case 'missing':
      return { ruleId: 'openapi-invalid', message: `the $ref ${quoted} points to nothing in the OpenAPI document`, hint: 'correct the path after "#", e.g. "#/components/schemas/<name>"' };
    case 'loop':
      return { ruleId: 'openapi-invalid', message: `the $ref ${quoted} leads back to itself through $refs alone, so it names no schema`, hint: 'point it at a schema (type, properties, …) rather than at a $ref that leads back here' };
    case 'not-a-pointer':
      return { ruleId: 'openapi-invalid', message: `the $ref ${quoted} is not a JSON pointer into this document`, hint: 'write it as "#/components/schemas/<name>"' };
  }
}

/** The segments of a "#/…" $ref; "external" for one that names another file or a URL. */
function fragmentSegments(ref: string): string[] | 'external' | null {
  if (!ref.startsWith('#')) return ref === '' ? null : 'external';
  const pointer = ref.slice(1);
  if (pointer !== '' && !pointer.startsWith('/')) return null;
  return pointerSegments(pointer);
}

/** A place of the document as a pointer without the "#", comparable whatever the segments' types. */
function placeOf(path: readonly (string | number)[]): string {
  return path.map((segment) => `/${encodeSegment(String(segment))}`).join('');
}

function refOf(value: unknown): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const ref = (value as Record<string, unknown>).$ref;
  return typeof ref === 'string' ? ref : null;
}

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
}

function decodeSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A lone "%" is itself.
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

/** A property named "__proto__" is data here, not the prototype. */
function defineData(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

/** json-schema-ref-parser's merge of a $ref's own keywords over what it names. */
function deepMerge(target: unknown, source: unknown): unknown {
  if (!isObject(target) || !isObject(source)) return source;
  if (Array.isArray(source)) return [...source];
  const output = (Array.isArray(target) ? [...(target as unknown[])] : { ...target }) as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    defineData(output, key, Array.isArray(value) ? [...value] : isObject(value) ? deepMerge(Object.hasOwn(target, key) ? (target as Record<string, unknown>)[key] : undefined, value) : value);
  }
  return output;
}
