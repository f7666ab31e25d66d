// The YAML package's syntax errors a writer makes, told in bankdocs' words at the place to edit.
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../src/config/yaml-positions.js';
import { yamlSyntaxDiagnostics } from '../../../src/config/zod-diagnostics.js';

const told = (text: string, lineOffset = 0) =>
  yamlSyntaxDiagnostics({ file: '/site/x.md', parsed: parseYaml(text, lineOffset), rulePrefix: 'front-matter', what: 'front matter' }).map((d) => [`${d.line}:${d.column}`, d.message.replace('invalid YAML in the front matter: ', ''), d.hint]);

describe('YAML syntax errors', () => {
  it('place an unclosed "[" or "{" at the bracket, not where the next line starts', () => {
    expect(told('title: x\ntags: [a, b\norder: 2\n')).toEqual([['2:7', 'the list opened with "[" here is not closed with "]"', 'end it with "]" (tags: [a, b]), on this line or on lines indented under its key; a text that starts with "[" goes in quotes']]);
    expect(told('facts: { a: 1\n')[0]!.slice(0, 2)).toEqual(['1:8', 'the mapping opened with "{" here is not closed with "}"']);
    // In front matter, on the file's own lines.
    expect(told('title: x\ntags: [a, b\n', 1)[0]![0]).toBe('3:7');
  });

  it('place an unclosed quote at the quote that opens it', () => {
    expect(told('title: "Payments\norder: 2\n')).toEqual([['1:8', 'the text opened with " here is never closed', 'end it with " (a quote inside double quotes is written \\")']]);
    expect(told("title: 'Payments\n")[0]!.slice(0, 2)).toEqual(['1:8', "the text opened with ' here is never closed"]);
  });

  it('say what to do about the other mistakes writers make, where they are', () => {
    const cases: [string, string, string][] = [
      ['description: "C:\\path"\n', '1:17', '\\p is no escape sequence: inside double quotes a backslash starts one (\\n, \\t, \\", \\\\)'],
      ['title: x\ndescription Payments\norder: 2\n', '2:1', 'this line has no colon after its key, so YAML reads it as part of a key'],
      ['title: x\ndescription Payments\n', '2:1', 'this line has no colon after its key, so YAML reads it as part of a key'],
      ['title: @handle\n', '1:8', 'a value cannot start with "@" unless it is in quotes'],
      ['title: `code`\n', '1:8', 'a value cannot start with "`" unless it is in quotes'],
      ['title: [Draft] Payments\n', '1:16', 'more text follows the end of the value: a value that starts with a quote, "[" or "{" ends where it closes'],
      ['title: "Say "hi" now"\n', '1:14', 'more text follows the end of the value: a value that starts with a quote, "[" or "{" ends where it closes'],
      ['site:\n  url: x\n titleTemplate: y\n', '3:1', 'this key is not as far in as the keys beside it'],
      ['tags: [a, , b]\n', '1:11', 'an empty item in the list in "[ ]": a comma with nothing before it'],
      ['title: "x"# note\n', '1:11', '"#" right after a value starts no comment'],
      ['title: & co\n', '1:8', '"&" at the start of a value names an anchor, and no name follows it'],
      ['description: | Some text\n', '1:16', 'text follows "|" or ">" on its line: these start a text on the lines below'],
      // The package warned and kept "notice" only.
      ['title: !important notice\n', '1:8', '"!important" starts a YAML tag here, which bankdocs does not read: the value would lose it'],
    ];
    for (const [text, place, message] of cases) expect(told(text).map(([at, m]) => [at, m]), text).toEqual([[place, message]]);
    expect(told('title: @handle\n')[0]![2]).toBe('put it in quotes: "@handle"');
    expect(told('title: !important notice\n')[0]![2]).toBe('put the whole value in quotes: "!important …"');
    expect(told('title: !!str 5\n')).toEqual([]); // a tag YAML itself defines is read
    // A second document after "..." (which ends one) is told as such; after "---", as a line that starts one.
    expect(told('title: A\n...\norder: 2\n')).toEqual([['3:1', 'the file holds more than one YAML document; the second starts here, after a line of "..." (which ends a document)', 'remove the "..." line above, or what follows it if that is not meant to be read']]);
    expect(told('title: A\n---\norder: 2\n')[0]![2]).toMatch(/^a line of "---" starts a new document/);
    expect(told('title: A\ndescription: B\ntitle: C\n')).toEqual([['3:1', 'the key "title" is here a second time in its mapping', 'keep one of the two: a mapping holds each key once (YAML reads 1 and "1" as one key)']]);
  });

  it('never pass on the package\'s own words for these mistakes', () => {
    const texts = ['tags: [a\n', 'title: "a\n', 'a: "\\q"\n', 'a b\nc: 1\n', 'a: @b\n', 'a: [b] c\n', 'a:\n  b: 1\n c: 2\n', 'a: [b, , c]\n', 'a: "b"#c\n', 'a: & b\n', 'a: | b\n', 'a:\n  - b\n   - c\n  d\n'];
    for (const text of texts) {
      for (const [, message] of told(text)) expect(message, text).not.toMatch(/Flow sequence|Missing closing|Invalid escape|Implicit|Plain value|at node end|must start at the same column|Unexpected ,|Comments must be|cannot be an empty string|Not a YAML token|Sequence item without/);
    }
  });
});
