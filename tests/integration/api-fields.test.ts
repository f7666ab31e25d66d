// What a developer reading the API reference sees of its fields: each row has an id that
// links can name (and `check` knows), on the bundled site built as it is.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attr, copySite, readHtml, removeSite, replaceIn, runCli, select, selectAll, toString, type Root } from '../helpers/site.js';

let site: string;
let page: Root;

beforeAll(() => {
  site = copySite(null);
  const build = runCli(['build'], site);
  expect(build.status, build.stdout + build.stderr).toBe(0);
  page = readHtml(join(site, 'dist'), '1/api/curl/index.html');
});
afterAll(() => removeSite(site));

/** The row with this id: its name, and where its name links to. */
const row = (id: string) => {
  const li = select(`li.field[id="${id}"]`, page);
  const link = select('a.field-link', li);
  return li ? { name: toString(select('.field-name', li)!), href: attr(link, 'href') } : null;
};

describe('the id of a field', () => {
  it('is its operation\'s anchor and its path, and its name links to it', () => {
    expect(row('create-payment-creditorname')).toEqual({ name: 'creditorName', href: '#create-payment-creditorname' });
    // A parameter, a nested field of a list of objects, a response, a schema's attribute.
    expect(row('create-payment-accountid')).toEqual({ name: 'accountId', href: '#create-payment-accountid' });
    expect(row('list-accounts-page-limit')?.name).toBe('page[limit]');
    expect(row('create-bulk-payment-payments-creditorname')?.name).toBe('payments[].creditorName');
    expect(row('get-account-response-200')?.name).toBe('200');
    expect(row('account-object-availablebalance')?.name).toBe('availableBalance');
    expect(attr(select('#bulk-payment-object', page), 'className')).toBe('schema-fields');
  });

  it('is on every row, and no two elements of the page share one', () => {
    const rows = selectAll('li.field', page);
    expect(rows.length).toBeGreaterThan(400);
    expect(rows.filter((li) => !attr(li, 'id'))).toEqual([]);
    const ids = selectAll('[id]', page).map((element) => attr(element, 'id'));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});

describe('a link to a field', () => {
  it('passes check, and one to a field that is not there is told with the nearest id', () => {
    const guide = join(site, 'content', 'developers', 'dashboard-api.md');
    const undo = replaceIn(guide, '\n## ', '\nSee [the payee\'s name](/api#create-payment-creditorname), [its type](/api#create-payment-creditoraccountreferencetyp), [the account\'s bank](/api#account-object-relationships-financialinstitution) and [where to sign](/api#payment-object-links-redirect).\n\n## ');
    try {
      const result = runCli(['check', '--format', 'json'], site);
      const found = (JSON.parse(result.stdout) as { diagnostics: { ruleId: string; message: string; hint?: string }[] }).diagnostics;
      expect(found.map((d) => [d.ruleId, d.message, d.hint])).toEqual([
        ['missing-anchor', expect.stringContaining('no heading or element with id "create-payment-creditoraccountreferencetyp" on /1/api/curl'), 'did you mean "create-payment-creditoraccountreferencetype"?'],
      ]);
    } finally {
      undo();
    }
  });
});

describe("the twin's field ids", () => {
  it('are those of the page, on every row and every list of a schema, so each link to one in the twin has its target there', () => {
    for (const language of ['curl', 'ruby']) {
      const html = readHtml(join(site, 'dist'), `1/api/${language}/index.html`);
      const twin = readFileSync(join(site, 'dist', '1', 'api', `${language}.md`), 'utf8');
      const anchors = [...twin.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!);
      const rows = selectAll('li.field', html).map((li) => attr(li, 'id')!);
      const lists = selectAll('.schema-fields', html).map((div) => attr(div, 'id')!);
      expect(anchors.length).toBeGreaterThan(400);
      expect(anchors.sort()).toEqual([...rows, ...lists].sort());
      // Each in its table row's name cell, or alone before a schema's table, as valid inline HTML.
      expect(twin).toContain('| <a id="payment-object-amount"></a>`amount` | number |');
      expect(twin).toContain('\n<a id="account-object"></a>\n\n| Name | Type | Rules | Description |\n');
      const targets = [...twin.matchAll(new RegExp(`\\(https://docs\\.moorlink\\.example/1/api/${language}#([^)\\s]+)\\)`, 'g'))].map((m) => m[1]!);
      const fieldTargets = targets.filter((id) => id.endsWith('-object') || rows.includes(id));
      expect(fieldTargets.length).toBeGreaterThan(30);
      expect(fieldTargets.filter((id) => !anchors.includes(id))).toEqual([]);
    }
  });
});

describe('the request body', () => {
  it('says on the page and in its twin whether the operation needs it', () => {
    const caption = selectAll('p.table-caption', select('[data-operation="createPayment"]', page)!).map((p) => toString(p));
    expect(caption).toContain('Attributes (data.attributes; data.type = "payment") required');
    const twin = readFileSync(join(site, 'dist', '1', 'api', 'curl.md'), 'utf8');
    expect(twin).toContain('Attributes (data.attributes; data.type = "payment"), required:');
    expect(twin).toContain('Form fields (application/x-www-form-urlencoded), required:');
  });
});

describe("a resource's meta", () => {
  it('is listed beside its attributes, on the page and in the twin', () => {
    expect(row('account-object-meta-availability')?.name).toBe('meta.availability');
    expect(row('account-object-meta-synchronizedat')?.name).toBe('meta.synchronizedAt');
    expect(toString(select('#account-object-meta-latestsynchronization .field-type', page)!)).toBe('Synchronization');
    const twin = readFileSync(join(site, 'dist', '1', 'api', 'curl.md'), 'utf8');
    expect(twin).toMatch(/^\| <a id="account-object-meta-availability"><\/a>`meta\.availability` \| string \| one of `available`, `readonly` \| /m);
    expect(twin).toMatch(/^\| <a id="account-object-meta-synchronizedat"><\/a>`meta\.synchronizedAt` \| string \(date-time\) \| {2}\| When the account was last synchronized successfully\. \|$/m);
  });
});

describe("a resource's relationships and links", () => {
  it('are listed beside its attributes, each relationship with what it leads to, one or many, and a link to its list, on the page and in the twin', () => {
    const type = (id: string) => toString(select(`li.field[id="${id}"] .field-type`, page)!);
    const fieldsOf = (id: string) => attr(select(`li.field[id="${id}"] .field-fields a`, page), 'href');
    expect(row('account-object-relationships-financialinstitution')).toEqual({ name: 'relationships.financialInstitution', href: '#account-object-relationships-financialinstitution' });
    expect(type('account-object-relationships-financialinstitution')).toBe('to one: FinancialInstitution');
    expect(fieldsOf('account-object-relationships-financialinstitution')).toBe('#financial-institution-object');
    // A collection given only by its link is named by its relationship: many transactions.
    expect(type('account-object-relationships-transactions')).toBe('to many: Transaction');
    expect(fieldsOf('account-object-relationships-transactions')).toBe('#transaction-object');
    expect(type('synchronization-object-relationships-updatedpendingtransactions')).toBe('to many: PendingTransaction');
    expect(type('mandate-object-relationships-representative')).toBe('to one: Organization');
    expect(row('payment-object-links-self')?.name).toBe('links.self');
    expect(row('payment-object-links-redirect')?.name).toBe('links.redirect');
    // In the API's order: attributes, relationships, links, meta.
    const names = selectAll('li.field', select('#account-object', page)!).map((li) => attr(li, 'id'));
    expect(names.slice(names.indexOf('account-object-updatedat'))).toEqual([
      'account-object-updatedat',
      'account-object-relationships',
      'account-object-relationships-transactions',
      'account-object-relationships-financialinstitution',
      'account-object-links',
      'account-object-links-self',
      'account-object-meta',
      'account-object-meta-availability',
      'account-object-meta-latestsynchronization',
      'account-object-meta-synchronizedat',
    ]);
    const twin = readFileSync(join(site, 'dist', '1', 'api', 'curl.md'), 'utf8');
    expect(twin).toContain('| <a id="account-object-relationships-transactions"></a>`relationships.transactions` | to many: Transaction |  | The transactions of the account. Fields: [Transaction](https://docs.moorlink.example/1/api/curl#transaction-object) |');
    expect(twin).toContain('| <a id="payment-object-links-redirect"></a>`links.redirect` | string (uri) |  | URL where the end user signs the payment. Redirect the end user to it. |');
  });
});

describe('a response whose fields the page lists', () => {
  it('leads to them from its row, on the page and in the twin, and every such link reaches its list', () => {
    const fieldsOf = (id: string) => {
      const link = select(`li.field[id="${id}"] .field-fields a`, page);
      return link ? [toString(link), attr(link, 'href')] : null;
    };
    expect(fieldsOf('get-account-response-200')).toEqual(['Account', '#account-object']);
    expect(fieldsOf('list-accounts-response-200')).toEqual(['Account', '#account-object']);
    expect(fieldsOf('create-payment-response-201')).toEqual(['Payment', '#payment-object']);
    // An error, a token and a deleted resource's id and type: no list of theirs on the page.
    expect(fieldsOf('get-account-response-404')).toBeNull();
    expect(fieldsOf('create-access-token-response-200')).toBeNull();
    const ids = new Set(selectAll('[id]', page).map((element) => attr(element, 'id')));
    const hrefs = selectAll('.field-fields a', page).map((link) => attr(link, 'href')!);
    expect(hrefs.length).toBeGreaterThan(30);
    expect(hrefs.filter((href) => !ids.has(href.slice(1)))).toEqual([]);
    for (const language of ['curl', 'ruby']) {
      const twin = readFileSync(join(site, 'dist', '1', 'api', `${language}.md`), 'utf8');
      expect(twin).toContain(`| <a id="get-account-response-200"></a>\`200\` | application/json | The account. Fields: [Account](https://docs.moorlink.example/1/api/${language}#account-object) |`);
    }
  });
});

describe("a response's headers", () => {
  // The bundled document has none: its createPayment's 201 is given a Location (required),
  // an X-Request-Id through a $ref to components.headers, and a Content-Type, which OpenAPI ignores.
  let withHeaders: string;
  let headersPage: Root;
  beforeAll(() => {
    withHeaders = copySite(null);
    const document = join(withHeaders, 'content', 'api', 'openapi.yaml');
    replaceIn(
      document,
      '          description: The payment was created.\n',
      '          description: The payment was created.\n          headers:\n            Location:\n              description: The payment\'s URL, to [read it](#get-payment).\n              required: true\n              schema: { type: string, format: uri }\n            X-Request-Id:\n              $ref: "#/components/headers/RequestId"\n            Content-Type:\n              schema: { type: string }\n',
    );
    replaceIn(document, '\n  securitySchemes:\n', '\n  headers:\n    RequestId:\n      description: The id of the request, for support.\n      schema: { type: string, format: uuid }\n  securitySchemes:\n');
    // A heading of the prose with a header row's words.
    replaceIn(join(withHeaders, 'content', 'api', '11-payments.md'), '\nThe attributes follow the SEPA rules:\n', '\n#### Create payment 201 header Location\n\nThe attributes follow the SEPA rules:\n');
    const build = runCli(['build'], withHeaders);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    headersPage = readHtml(join(withHeaders, 'dist'), '1/api/curl/index.html');
  });
  afterAll(() => removeSite(withHeaders));

  it('are rows under their response on the page, each with its id, and the heading of the same words gets -1', () => {
    const response = select('li.field[id="create-payment-response-201"]', headersPage)!;
    expect(toString(select('.field-headers .table-caption', response)!)).toBe('Headers');
    const rows = selectAll('.field-headers li.field', response).map((li) => [attr(li, 'id'), toString(select('.field-head', li)!), toString(select('.field-description', li)!)]);
    expect(rows).toEqual([
      ['create-payment-201-header-location', 'Location string (uri) required', "The payment's URL, to read it."],
      ['create-payment-201-header-x-request-id', 'X-Request-Id string (uuid) optional', 'The id of the request, for support.'],
    ]);
    expect(attr(select('.field-headers a[href="#get-payment"]', response), 'href')).toBe('#get-payment');
    expect(select('h4[id="create-payment-201-header-location-1"]', headersPage)).not.toBeNull();
    const ids = selectAll('[id]', headersPage).map((element) => attr(element, 'id'));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('are a table after the responses in the twin, one line a row, with the anchors of the page', () => {
    const twin = readFileSync(join(withHeaders, 'dist', '1', 'api', 'curl.md'), 'utf8');
    expect(twin).toContain(
      '\n\nHeaders (201):\n\n| Name | Type | Required | Rules | Description |\n|---|---|---|---|---|\n' +
        "| <a id=\"create-payment-201-header-location\"></a>`Location` | string (uri) | required |  | The payment's URL, to [read it](#get-payment). |\n" +
        '| <a id="create-payment-201-header-x-request-id"></a>`X-Request-Id` | string (uuid) | optional |  | The id of the request, for support. |\n',
    );
    expect(twin).not.toContain('header-content-type');
  });

  it('can be linked to: check finds the rows, and tells a mistyped one with the nearest id', () => {
    const guide = join(withHeaders, 'content', 'developers', 'dashboard-api.md');
    const undo = replaceIn(guide, '\n## ', '\nSee [the new payment\'s URL](/api#create-payment-201-header-location), [the request id](/api#create-payment-201-header-x-request-id) and [its type](/api#create-payment-201-header-content-type).\n\n## ');
    try {
      const result = runCli(['check', '--format', 'json'], withHeaders);
      const found = (JSON.parse(result.stdout) as { diagnostics: { ruleId: string; message: string }[] }).diagnostics;
      expect(found.map((d) => [d.ruleId, d.message])).toEqual([['missing-anchor', expect.stringContaining('no heading or element with id "create-payment-201-header-content-type" on /1/api/curl')]]);
    } finally {
      undo();
    }
  });
});
