// Hot spots of dependencies, made cheaper in the bundles with the same results
// (tests/unit/build/bundle-patches.test.ts runs each against the code it replaces). Each
// patch fails the compile if the code it replaces changed.
import { readFile } from 'node:fs/promises';

/**
 * mdast-util-to-hast walks every page's whole tree with unist-util-visit to find its link
 * and footnote definitions, making a closure and a copy of the ancestors' array per node:
 * 4 % of a cold `check`. This walk visits the same nodes in the same order (depth first,
 * children in order), so the first definition of an id still wins.
 */
export function walkAll(node, visitor) {
  visitor(node);
  if ('children' in node) for (const child of node.children) walkAll(child, visitor);
}

/**
 * micromark-util-sanitize-uri's normalizeUri, run on every link and image, makes a RegExp
 * per character of the URL (a literal in its loop). A URL made only of the characters it
 * keeps as they are (not `%`, which it checks for an escape) comes out of its loop as it
 * went in: it is returned at once.
 */
export const KEPT_AS_IS = /^[!#$&-;=?-Z_a-z~]*$/;

/**
 * markdown-it's text rule asks isTerminatorChar, a switch of 23 cases (170 bytes of
 * bytecode), about every character of every paragraph. The CLI's inlining budget (150
 * bytes, bin/bankdocs.js) leaves that call in the loop: 40 ms of a cold `check` of 1000
 * pages. A table of the same characters is read in place.
 */
export const TERMINATOR_CODES = [0x0a, 0x21, 0x23, 0x24, 0x25, 0x26, 0x2a, 0x2b, 0x2d, 0x3a, 0x3c, 0x3d, 0x3e, 0x40, 0x5b, 0x5c, 0x5d, 0x5e, 0x5f, 0x60, 0x7b, 0x7d, 0x7e];
const terminatorTable = `const TERMINATORS = new Uint8Array(128)
for (const code of ${JSON.stringify(TERMINATOR_CODES)}) TERMINATORS[code] = 1
`;

/**
 * highlight.js's compileLanguage runs on every highlighted block: it defines two classes
 * and a dozen closures, copies the language's class-name aliases, and only then finds
 * the language compiled (compileMode returns a compiled mode as it is): 30 ms of a cold
 * build of 1000 pages. A compiled language (compileMode marks the language object itself,
 * the top mode) is returned at once; the aliases it would copy are the same names.
 */
export const COMPILED_AT_ONCE = 'function compileLanguage(language) {\n  if (language.isCompiled) return language;\n';

/**
 * github-slugger strips a heading's text with a regular expression of 8 KB (every Unicode
 * character that is no letter, digit, mark or connector). V8 drops a regular expression's
 * compiled code at each full garbage collection and compiles it again at its next use:
 * 5-10 ms for this one, 145 ms of a cold `check` of 1000 pages. A text that is ASCII once
 * lowercased is slugged by a table of the ASCII characters the expression strips (0 for
 * stripped, 1 for kept, 2 for the space, which becomes a hyphen).
 */
export function asciiSlug(value) {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 128) return null;
    const kind = SLUG_ASCII.charCodeAt(code) - 48;
    if (kind === 1) out += value[i];
    else if (kind === 2) out += '-';
  }
  return out;
}
export const SLUG_ASCII = '00000000000000000000000000000000200000000000010011111111110000000111111111111111111111111110000101111111111111111111111111100000';

/**
 * trim-lines, run by mdast-util-to-hast on every text node, makes a regular expression, an
 * array of the lines and their join even for a text with no line break (most of them):
 * 15 MB of a cold build's garbage at 1000 pages. Such a text comes out as it went in.
 */
export const ONE_LINE_AS_IS = "  const source = String(value)\n  if (source.indexOf('\\n') < 0 && source.indexOf('\\r') < 0) return source\n";

/**
 * mdast-util-to-hast gives every HTML node a copy of its Markdown node's position (three
 * objects: 17 MB of a cold build's garbage at 1000 pages, in `check` too). A position that
 * copy would keep as it is (lines and columns from 1, an offset) is shared instead: nothing
 * changes a position in place.
 */
export function validPosition(position) {
  const { start, end } = position;
  return (
    typeof start === 'object' && start !== null && typeof end === 'object' && end !== null &&
    typeof start.line === 'number' && start.line > 0 && typeof start.column === 'number' && start.column > 0 && typeof start.offset === 'number' && start.offset > -1 &&
    typeof end.line === 'number' && end.line > 0 && typeof end.column === 'number' && end.column > 0 && typeof end.offset === 'number' && end.offset > -1
  );
}
export const SHARED_POSITION = '  if (from.position) to.position = validPosition(from.position) ? from.position : position(from)\n';

export const cheaperDependencies = {
  name: 'cheaper-dependencies',
  setup(b) {
    const patch = async (path, what, from, to, append = '') => {
      const source = await readFile(path, 'utf8');
      if (!source.includes(from)) throw new Error(`${what} changed: update scripts/bundle-patches.mjs`);
      return { contents: source.replace(from, () => to) + append, loader: 'js' };
    };
    b.onLoad({ filter: /mdast-util-to-hast[\\/]lib[\\/]state\.js$/ }, async (args) => {
      const walked = await patch(args.path, 'mdast-util-to-hast', '  visit(tree, function (node) {', '  walkAll(tree, function (node) {', `\n${walkAll}\n${validPosition}\n`);
      const from = '  if (from.position) to.position = position(from)\n';
      if (!walked.contents.includes(from)) throw new Error('mdast-util-to-hast changed: update scripts/bundle-patches.mjs');
      return { ...walked, contents: walked.contents.replace(from, SHARED_POSITION) };
    });
    b.onLoad({ filter: /markdown-it[\\/]lib[\\/]rules_inline[\\/]text\.mjs$/ }, (args) =>
      patch(args.path, 'markdown-it', '!isTerminatorChar(state.src.charCodeAt(pos))', '!(code = state.src.charCodeAt(pos), code < 128 && TERMINATORS[code] === 1)').then((r) => ({
        ...r,
        contents: terminatorTable + r.contents.replace('  let pos = state.pos\n', '  let pos = state.pos\n  let code\n'),
      })),
    );
    b.onLoad({ filter: /highlight\.js[\\/]lib[\\/]core\.js$/ }, (args) =>
      patch(args.path, 'highlight.js', 'function compileLanguage(language) {\n', COMPILED_AT_ONCE),
    );
    b.onLoad({ filter: /github-slugger[\\/]index\.js$/ }, (args) =>
      patch(
        args.path,
        'github-slugger',
        "  if (!maintainCase) value = value.toLowerCase()\n",
        "  if (!maintainCase) value = value.toLowerCase()\n  const ascii = asciiSlug(value)\n  if (ascii !== null) return ascii\n",
        `\nconst SLUG_ASCII = '${SLUG_ASCII}'\n${asciiSlug}\n`,
      ),
    );
    b.onLoad({ filter: /trim-lines[\\/]index\.js$/ }, (args) => patch(args.path, 'trim-lines', '  const source = String(value)\n', ONE_LINE_AS_IS));
    b.onLoad({ filter: /micromark-util-sanitize-uri[\\/]index\.js$/ }, (args) =>
      patch(args.path, 'micromark-util-sanitize-uri', 'export function normalizeUri(value) {\n', `const KEPT_AS_IS = ${KEPT_AS_IS}\nexport function normalizeUri(value) {\n  if (KEPT_AS_IS.test(value)) return value\n`),
    );
  },
};
