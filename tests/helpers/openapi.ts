// A small OpenAPI document for unit tests of the API model: one operation answering a
// Tree; `schemas` is the YAML under components.schemas (indented four spaces).
export const treeDocument = (schemas: string) => `openapi: 3.1.0
info: { title: Test API, version: "1" }
servers:
  - url: https://api.test.example
paths:
  /tree:
    get:
      operationId: getTree
      responses:
        "200":
          description: The tree.
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Tree"
components:
  schemas:
${schemas}`;

/**
 * Descriptions of several blocks, as GitHub's and Stripe's documents write them: a
 * parameter's (two paragraphs, a list with a link, fenced code, an alert) and a schema
 * property's (a paragraph, a heading, an ordered list); the response's is one paragraph.
 */
export const describedDocument = (link = './y.md') =>
  treeDocument(`    Tree:
      type: object
      properties:
        name:
          type: string
          description: |
            The tree's name.

            ## Naming

            1. Latin
            2. common
`).replace(
    '      operationId: getTree\n',
    `      operationId: getTree
      parameters:
        - name: season
          in: query
          schema: { type: string }
          description: |
            The season to show
            the tree in.

            One of:

            - \`spring\`, with blossom
            - \`autumn\`, with [falling leaves](${link})

            \`\`\`json
            { "season": "spring" }
            \`\`\`

            > [!NOTE]
            > Winter shows bare branches.
`,
  );

/**
 * Response headers, as a document writes them: the 200's Location (required, its
 * description Markdown), its remaining requests through a $ref to components.headers, and
 * a Content-Type, which OpenAPI ignores; a 429's Retry-After, whose schema is in `content`.
 */
export const headersDocument = () =>
  treeDocument('    Tree:\n      type: object\n      properties:\n        name: { type: string }\n')
    .replace(
      '          description: The tree.\n',
      `          description: The tree.
          headers:
            Location:
              description: Where the tree is, as a \`https\` URL.
              required: true
              schema: { type: string, format: uri }
            X-RateLimit-Remaining:
              $ref: "#/components/headers/RateLimitRemaining"
            Content-Type:
              schema: { type: string }
`,
    )
    .replace(
      'components:\n',
      `        "429":
          description: Too many requests.
          headers:
            Retry-After:
              description: Seconds to wait.
              deprecated: true
              content:
                text/plain:
                  schema: { type: integer, minimum: 1 }
components:
  headers:
    RateLimitRemaining:
      description: Requests left in the window.
      schema: { type: integer }
`,
    );

/**
 * A schema too long to list whole (Open Banking UK's products: 752 fields, 405 listed),
 * small: Wide has 21 objects of 20 fields, 441 rows, as the body of `plantWide` and under
 * components.schemas. The table stops nesting at 400 rows: after p19, so p19's and p20's
 * fields, 40 from `p19.f0` on, are not listed.
 */
export const wideDocument = () => {
  const leaves = Array.from({ length: 20 }, (_, j) => `f${j}: { type: string }`).join(', ');
  const objects = Array.from({ length: 21 }, (_, i) => `        p${i}: { type: object, properties: { ${leaves} } }\n`).join('');
  return treeDocument(`    Tree: { type: object }\n    Wide:\n      type: object\n      properties:\n${objects}`).replace(
    'paths:\n',
    `paths:
  /wide:
    post:
      operationId: plantWide
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/Wide" }
      responses:
        "204": { description: Planted. }
`,
  );
};
