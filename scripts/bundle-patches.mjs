// Two hot spots of mdast-util-to-hast, made cheaper in the bundles with the same results
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

export const cheaperToHast = {
  name: 'cheaper-to-hast',
  setup(b) {
    const patch = async (path, what, from, to, append = '') => {
      const source = await readFile(path, 'utf8');
      if (!source.includes(from)) throw new Error(`${what} changed: update scripts/bundle-patches.mjs`);
      return { contents: source.replace(from, () => to) + append, loader: 'js' };
    };
    b.onLoad({ filter: /mdast-util-to-hast[\\/]lib[\\/]state\.js$/ }, (args) =>
      patch(args.path, 'mdast-util-to-hast', '  visit(tree, function (node) {', '  walkAll(tree, function (node) {', `\n${walkAll}\n`),
    );
    b.onLoad({ filter: /micromark-util-sanitize-uri[\\/]index\.js$/ }, (args) =>
      patch(args.path, 'micromark-util-sanitize-uri', 'export function normalizeUri(value) {\n', `const KEPT_AS_IS = ${KEPT_AS_IS}\nexport function normalizeUri(value) {\n  if (KEPT_AS_IS.test(value)) return value\n`),
    );
  },
};
