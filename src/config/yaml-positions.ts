// Parses YAML for bankdocs (config, front matter, the OpenAPI document, ruby-client.yaml)
// and maps a path inside the parsed document (as zod reports it) to the line and column
// of the node the writer has to edit.
import { Composer, isAlias, isMap, isPair, isScalar, isSeq, LineCounter, Parser, YAMLParseError, type CST, type Document, type Node, type Pair, type YAMLMap } from 'yaml';

export interface Position {
  line: number;
  column: number;
}

export interface YamlAlias {
  /** The anchor it names, without the `*`. */
  name: string;
  /** Offset of the `*` in the YAML text. */
  offset: number;
}

export interface ParsedYaml {
  doc: Document.Parsed;
  lineCounter: LineCounter;
  /** Added to every line: the number of lines before the YAML text in its file. */
  lineOffset: number;
  /** Every alias (`*name`) in the document, in document order. */
  aliases: YamlAlias[];
  /** Each map's pairs by key, built on first use so that placing n keys stays linear. */
  keyIndex: WeakMap<YAMLMap, Map<string, Pair>>;
}

/**
 * Aliases may add at most this many values to the document when expanded. Beyond it a
 * document is an alias bomb ("billion laughs": a few lines that expand to gigabytes)
 * rather than a file a writer shortened with anchors.
 */
export const MAX_ALIAS_EXPANSION = 100_000;

/**
 * Deepest nesting of lists and mappings bankdocs reads, as for JSON examples
 * (check/json-depth.ts): what reads the values recurses once per level, and the YAML
 * package's parser overflows the stack a few hundred levels further.
 */
export const MAX_YAML_DEPTH = 256;

export function parseYaml(source: string, lineOffset = 0): ParsedYaml {
  // YAML 1.2 ends a line at a lone CR too (classic Mac files); the package does not, and read
  // such a file as one line. One character for one keeps every offset, line and column.
  const text = source.includes('\r') ? source.replace(/\r(?!\n)/g, '\n') : source;
  const lineCounter = new LineCounter();
  const tokens = [...new Parser(lineCounter.addNewLine).parse(text)];
  // The package's composer recurses once per level and overflows the stack a few hundred
  // levels down, at a place that depends on the stack left (Node 22 in a test worker
  // overflowed inside its tag resolution; with less left, V8 aborted the process compiling
  // a regular expression). So a document nested too deep is refused from its syntax tree,
  // which the parser builds without recursion, and not composed at all.
  const tooDeep = offsetPastDepth(tokens);
  const doc = composeFirst(tooDeep === undefined ? tokens : [], text.length);
  const { aliases, errors } = inspectTree(doc);
  // "title: !important notice": the package reads "!important" as a tag it does not know,
  // warns, and keeps only "notice". bankdocs reads no tags, so that is an error here.
  for (const warning of doc.warnings) if (warning.code === 'TAG_RESOLVE_FAILED') errors.push(new YAMLParseError(warning.pos, warning.code, warning.message));
  if (tooDeep !== undefined) errors.push(new YAMLParseError([tooDeep, tooDeep + 1], 'RESOURCE_EXHAUSTION', `lists and mappings nest more than ${MAX_YAML_DEPTH} levels deep here`));
  if (errors.length) doc.errors = [...doc.errors, ...errors].sort((a, b) => a.pos[0] - b.pos[0]);
  return { doc, lineCounter, lineOffset, aliases, keyIndex: new WeakMap() };
}

/**
 * The package's parseDocument from its parser's tokens: the first document, and an error
 * where a second one starts. The package's own duplicate-key check compares each key with
 * every earlier key of its map: quadratic (20 000 keys take seconds); inspectTree does it
 * with a Set.
 */
function composeFirst(tokens: readonly CST.Token[], length: number): Document.Parsed {
  const composer = new Composer({ prettyErrors: false, uniqueKeys: false });
  let first: Document.Parsed | undefined;
  for (const doc of composer.compose(tokens, true, length)) {
    if (!first) first = doc;
    else {
      first.errors.push(new YAMLParseError([doc.range[0], doc.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
      break;
    }
  }
  return first!;
}

/** Where the first list or mapping more than MAX_YAML_DEPTH levels deep starts, if any (a walk without recursion). */
function offsetPastDepth(tokens: readonly CST.Token[]): number | undefined {
  const stack: { token: CST.Token | undefined; depth: number }[] = tokens.map((token) => ({ token, depth: 0 }));
  while (stack.length) {
    const { token, depth } = stack.pop()!;
    if (!token) continue;
    if (token.type === 'document') stack.push({ token: token.value, depth });
    else if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      if (depth + 1 > MAX_YAML_DEPTH) return token.offset;
      for (const item of token.items) {
        if ('key' in item && item.key) stack.push({ token: item.key, depth: depth + 1 });
        stack.push({ token: item.value, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/**
 * The document as plain data; only for a document without errors. parseYaml has refused
 * aliases that expand too far, that name no anchor or that contain themselves, so the
 * package's own alias counter (which throws once an anchor is used 100 times) is off.
 */
export function yamlValue(parsed: ParsedYaml): unknown {
  return parsed.doc.toJS({ maxAliasCount: -1 });
}

export function positionAt(parsed: ParsedYaml, offset: number): Position {
  const { line, col } = parsed.lineCounter.linePos(offset);
  return { line: line + parsed.lineOffset, column: col };
}

/**
 * The position of the value at `path`; for a path that does not exist (a missing
 * key), the deepest node that does; with `key: true`, the key of the last segment
 * (for an unknown key, the key is what to point at).
 */
export function positionOfPath(
  parsed: ParsedYaml,
  path: readonly PropertyKey[],
  options: { key?: boolean } = {},
): Position {
  let node: unknown = parsed.doc.contents;
  let best: Node | null = isNode(node) ? node : null;
  for (const [i, segment] of path.entries()) {
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = pairsByKey(parsed, node).get(String(segment));
      if (!pair) break;
      if (last && options.key && isNode(pair.key)) {
        best = pair.key;
        break;
      }
      node = pair.value;
    } else if (isSeq(node) && (typeof segment === 'number' || /^\d+$/.test(String(segment)))) {
      node = node.items[Number(segment)];
    } else {
      break;
    }
    if (isNode(node)) best = node;
    else break;
  }
  const offset = best?.range?.[0] ?? 0;
  return positionAt(parsed, offset);
}

function pairsByKey(parsed: ParsedYaml, map: YAMLMap): Map<string, Pair> {
  let index = parsed.keyIndex.get(map);
  if (!index) {
    index = new Map();
    for (const pair of map.items) {
      if (isPair(pair) && isScalar(pair.key) && !index.has(String(pair.key.value))) index.set(String(pair.key.value), pair as Pair);
    }
    parsed.keyIndex.set(map, index);
  }
  return index;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'range' in value;
}

/** The errors bankdocs adds to the package's own. */
type InspectionCode = 'DUPLICATE_KEY' | 'BAD_ALIAS' | 'NON_STRING_KEY';

/**
 * One pass over the document, without recursion: duplicate keys, keys that are lists or
 * mappings, and the aliases with what they expand to. Reports a problem as the
 * package reports its own, so every caller shows it as a YAML syntax error.
 */
function inspectTree(doc: Document.Parsed): { aliases: YamlAlias[]; errors: YAMLParseError[] } {
  const aliases: YamlAlias[] = [];
  const errors: YAMLParseError[] = [];
  const error = (offset: number, message: string, code: InspectionCode) => errors.push(new YAMLParseError([offset, offset + 1], code, message));
  /** The node each anchor name stands for at this point of the document (YAML: the last one before). */
  const anchors = new Map<string, Node>();
  /** Values an anchored node stands for, its aliases expanded (a float: a bomb's count may reach Infinity). */
  const anchorSize = new Map<Node, number>();
  /** Anchored nodes being walked: an alias to one of them makes the value contain itself. */
  const open = new Set<Node>();
  /** Values counted so far in each node being walked, innermost last. */
  const totals: number[] = [0];
  let nodes = 0;

  const stack: { node: unknown; exit: boolean }[] = [{ node: doc.contents, exit: false }];
  while (stack.length) {
    const { node, exit } = stack.pop()!;
    if (node === null || node === undefined) continue;
    if (exit) {
      const total = totals.pop()!;
      totals[totals.length - 1]! += total;
      if (isNode(node) && node.anchor) {
        open.delete(node);
        anchorSize.set(node, total);
      }
      continue;
    }
    if (isAlias(node)) {
      const offset = node.range?.[0] ?? 0;
      aliases.push({ name: node.source, offset });
      const target = anchors.get(node.source);
      if (!target) error(offset, `the alias *${node.source} names no anchor before it; put &${node.source} on a value above it`, 'BAD_ALIAS');
      else if (open.has(target)) error(offset, `the alias *${node.source} is inside the value it names, which would contain itself; write the value out`, 'BAD_ALIAS');
      else totals[totals.length - 1]! += anchorSize.get(target) ?? 1;
      continue;
    }
    if (isPair(node)) {
      totals.push(0);
      // The package would turn such a key into text ("[ a, b ]"), with a warning on the process.
      const key = isAlias(node.key) ? anchors.get(node.key.source) : node.key;
      if (isMap(key) || isSeq(key)) error((node.key as Node).range?.[0] ?? 0, 'a key is a list or a mapping; keys are text', 'NON_STRING_KEY');
    } else {
      nodes++;
      totals.push(1);
    }
    if (isNode(node) && node.anchor) {
      anchors.set(node.anchor, node);
      open.add(node);
    }
    stack.push({ node, exit: true });
    if (isMap(node)) checkKeys(node, error);
    // Children in reverse, so that they come off the stack in document order (the order
    // in which anchors are defined and aliases resolved).
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], exit: false });
  }
  const expanded = totals[0]!;
  if (aliases.length && expanded - nodes > MAX_ALIAS_EXPANSION) {
    error(aliases[0]!.offset, `the aliases expand to more than ${MAX_ALIAS_EXPANSION.toLocaleString('en')} values (aliases of aliases multiply); write the values out instead of nesting aliases`, 'BAD_ALIAS');
  }
  return { aliases, errors };
}

function childrenOf(node: unknown): unknown[] {
  if (isMap(node) || isSeq(node)) return node.items;
  if (isPair(node)) return [node.key, node.value];
  return [];
}

/**
 * Two keys are one when they become one property of the parsed object: `1` and `"1"` are
 * (the package tells them apart, and the second would silently replace the first).
 */
function checkKeys(map: YAMLMap, error: (offset: number, message: string, code: InspectionCode) => void): void {
  const seen = new Set<string>();
  for (const pair of map.items) {
    const key = pair.key;
    if (!isScalar(key)) continue;
    const value = key.value;
    if (value !== null && typeof value === 'object') continue;
    const name = value === null ? '' : String(value);
    if (seen.has(name)) error(key.range?.[0] ?? 0, `the key "${name.length > 40 ? `${name.slice(0, 40)}…` : name}" is here a second time in its mapping`, 'DUPLICATE_KEY');
    else seen.add(name);
  }
}
