import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { MAX_ALIAS_EXPANSION, parseYaml, positionAt, positionOfPath, yamlValue } from '../../../src/config/yaml-positions.js';

/** Each error as "line:column CODE message". */
const problems = (text: string) => {
  const parsed = parseYaml(text);
  return parsed.doc.errors.map((e) => {
    const { line, column } = positionAt(parsed, e.pos[0]);
    return `${line}:${column} ${e.code} ${e.message}`;
  });
};

/** YAML "billion laughs": `levels` levels of nine aliases each. */
function aliasBomb(levels: number): string {
  const lines = ['a0: &a0 ["lol"]'];
  for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: 9 }, () => `*a${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

describe('parseYaml: duplicate keys', () => {
  it('reports the second key, where the yaml package reported it', () => {
    const samples = [
      'title: a\ndescription: b\ntitle: c\n',
      'outer:\n  x: 1\n  y: 2\n  x: 3\n',
      'flow: { a: 1, b: 2, a: 3 }\n',
      'list:\n  - name: a\n    name: b\n',
      '"quoted": 1\nquoted: 2\n',
      '&anchor key: 1\nkey: 2\n',
    ];
    for (const text of samples) {
      const theirs = parseDocument(text, { uniqueKeys: true, prettyErrors: false }).errors.map((e) => [e.code, e.pos[0]]);
      const ours = parseYaml(text).doc.errors.map((e) => [e.code, e.pos[0]]);
      expect(theirs.length, text).toBe(1);
      expect(ours, text).toEqual(theirs);
    }
  });

  it('gives line and column of the repeated key', () => {
    expect(problems('title: "Guide"\ndescription: "A guide."\ntitle: "Again"\n')).toEqual(['3:1 DUPLICATE_KEY the key "title" is here a second time in its mapping']);
  });

  it('counts 1 and "1" as one key: they are one property of the parsed object', () => {
    expect(problems('responses:\n  200: a\n  "200": b\n')).toEqual(['3:3 DUPLICATE_KEY the key "200" is here a second time in its mapping']);
  });

  it('allows the same key in different maps', () => {
    expect(problems('a:\n  name: x\nb:\n  name: y\nlist:\n  - name: 1\n  - name: 2\n')).toEqual([]);
  });

  it('checks a map of 20 000 keys in one pass (the yaml package compared every pair)', () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `k${i}: ${i}`);
    expect(problems(`${keys.join('\n')}\n`)).toEqual([]);
    expect(problems(`${keys.join('\n')}\nk19999: again\n`)).toEqual(['20001:1 DUPLICATE_KEY the key "k19999" is here a second time in its mapping']);
  });

  it('places 20 000 keys in one pass too', () => {
    const parsed = parseYaml(`${Array.from({ length: 20_000 }, (_, i) => `k${i}: ${i}`).join('\n')}\n`);
    const positions = Array.from({ length: 20_000 }, (_, i) => positionOfPath(parsed, [`k${i}`], { key: true }));
    expect(positions[0]).toEqual({ line: 1, column: 1 });
    expect(positions[19_999]).toEqual({ line: 20_000, column: 1 });
  });
});

describe('parseYaml: aliases', () => {
  it('refuses a billion-laughs structure at the first alias, and never expands it', () => {
    const text = `title: x\n${aliasBomb(9)}`;
    const parsed = parseYaml(text);
    expect(problems(text)).toEqual([
      `3:10 BAD_ALIAS the aliases expand to more than ${MAX_ALIAS_EXPANSION.toLocaleString('en')} values (aliases of aliases multiply); write the values out instead of nesting aliases`,
    ]);
    expect(parsed.aliases).toHaveLength(81);
    expect(parsed.aliases[0]).toEqual({ name: 'a0', offset: text.indexOf('*a0') });
  });

  it('survives a bomb of four hundred levels (the counts reach Infinity, not a hang)', () => {
    expect(problems(aliasBomb(400))).toHaveLength(1);
  });

  it('accepts aliases that expand to a modest size, even an anchor used 500 times', () => {
    const text = `base: &base { a: 1, b: 2 }\nlist:\n${Array.from({ length: 500 }, () => '  - *base').join('\n')}\n`;
    const parsed = parseYaml(text);
    expect(parsed.doc.errors).toEqual([]);
    // The yaml package's own counter throws here ("Excessive alias count"); yamlValue does not.
    expect(() => parsed.doc.toJS()).toThrow(/Excessive alias count/);
    const value = yamlValue(parsed) as { list: unknown[] };
    expect(value.list).toHaveLength(500);
    expect(value.list[499]).toEqual({ a: 1, b: 2 });
  });

  it('refuses an alias with no anchor before it', () => {
    expect(problems('a: *nowhere\n')).toEqual(['1:4 BAD_ALIAS the alias *nowhere names no anchor before it; put &nowhere on a value above it']);
    expect(problems('a: *later\nb: &later 1\n')).toEqual(['1:4 BAD_ALIAS the alias *later names no anchor before it; put &later on a value above it']);
  });

  it('refuses an alias inside the value it names (the value would contain itself)', () => {
    expect(problems('a: &loop\n  b: *loop\n')).toEqual(['2:6 BAD_ALIAS the alias *loop is inside the value it names, which would contain itself; write the value out']);
  });

  it('resolves an alias to the last anchor of that name before it', () => {
    const parsed = parseYaml('a: &x 1\nb: *x\nc: &x 2\nd: *x\n');
    expect(parsed.doc.errors).toEqual([]);
    expect(yamlValue(parsed)).toEqual({ a: 1, b: 1, c: 2, d: 2 });
  });
});

describe('parseYaml: hostile shapes', () => {
  it('turns nesting deeper than the stack into errors, not a crash', () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const parsed = parseYaml(deep);
    expect(parsed.doc.errors.length).toBeGreaterThan(0);
  });

  it('refuses nesting deeper than 256 levels once, at the bracket past the limit (the parser overflowed further on)', () => {
    expect(problems(`x: ${'['.repeat(20_000)}${']'.repeat(20_000)}`)).toEqual(['1:259 RESOURCE_EXHAUSTION lists and mappings nest more than 256 levels deep here']);
    expect(problems(`${'- '.repeat(300)}x\n`)).toEqual(['1:513 RESOURCE_EXHAUSTION lists and mappings nest more than 256 levels deep here']);
    expect(problems(`x: ${'['.repeat(255)}${']'.repeat(255)}`)).toEqual([]);
  });

  it('tells too deep a nesting once, wherever the stack runs out under the package', () => {
    // Where the package's parser overflows depends on the stack left (Node 22 in a test
    // worker overflowed inside its tag resolution: TAG_RESOLVE_FAILED "Maximum call
    // stack size exceeded"). Calling it with less stack left each time moves that place.
    const text = `x: ${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const withStackUsed = (frames: number): string[] => (frames === 0 ? problems(text) : withStackUsed(frames - 1));
    const seen = new Set<string>();
    for (let frames = 0; frames <= 1500; frames += 100) seen.add(JSON.stringify(withStackUsed(frames)));
    expect([...seen]).toEqual([JSON.stringify(['1:259 RESOURCE_EXHAUSTION lists and mappings nest more than 256 levels deep here'])]);
  });

  it('refuses a key that is a list or a mapping (the package made it text, with a warning on the process)', () => {
    expect(problems('? [a, b]\n: c\ntitle: X\n')).toEqual(['1:3 NON_STRING_KEY a key is a list or a mapping; keys are text']);
    expect(problems('a: &k { b: 1 }\n? *k\n: 2\n')).toEqual(['2:3 NON_STRING_KEY a key is a list or a mapping; keys are text']);
  });

  it('keeps line numbers after front matter', () => {
    const parsed = parseYaml('title: a\ntitle: b\n', 1);
    const error = parsed.doc.errors[0]!;
    expect(positionAt(parsed, error.pos[0])).toEqual({ line: 3, column: 1 });
  });
});
