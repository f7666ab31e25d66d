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
