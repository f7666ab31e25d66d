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
