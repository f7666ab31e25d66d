// How a schema's `pattern` (and a key of its `patternProperties`) becomes a regular
// expression: shared by the validator (ajv compiles it so) and the load of the document
// (which refuses one that is no regular expression, before any example needs it).

/**
 * A schema's `pattern` as a regular expression. ajv adds the `u` flag, which keeps V8 from
 * running the expression on its linear-time engine when it backtracks too much (bin/bankdocs.js):
 * a `pattern` of the document such as "^(a+)+$" then hung `check` and the mock on a
 * value it does not match. A pattern of plain ASCII that needs nothing of `u` (no \p{…},
 * no \u{…}, no named backreference) means the same without it, and is compiled so.
 */
export const patternRegExp = Object.assign(
  (pattern: string, flags: string): RegExp => new RegExp(pattern, /^[\x20-\x7e]*$/.test(pattern) && !/\\[pPuk]/.test(pattern) ? flags.replace('u', '') : flags),
  { code: 'new RegExp' },
);

/** Why `pattern` is no regular expression as ajv compiles it ("unterminated character class"), or null when it is one. */
export function patternProblem(pattern: string): string | null {
  try {
    patternRegExp(pattern, 'u');
    return null;
  } catch (error) {
    // V8: "Invalid regular expression: /([/u: Unterminated character class": the reason is after the last ": ".
    const reason = (error instanceof Error ? error.message : String(error)).split(': ').at(-1) ?? '';
    return reason ? reason.charAt(0).toLowerCase() + reason.slice(1) : 'invalid';
  }
}
