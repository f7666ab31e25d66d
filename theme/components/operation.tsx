// An operation of the API reference (the `:::operation` directive, src/markdown/remark-api.ts):
// endpoint and facts, the prose and field lists in the main column, and the example
// panel beside it (issue #19: request and response labelled; theme/client/code.ts adds
// the copy buttons). Also the field lists of the `::schema` directive.
import { Fragment } from 'react';
import type { ExampleProps, FieldProps, FieldsProps, OperationProps, SchemaProps } from '../../src/theme-api.js';

/**
 * A path or a field name that may wrap after each `/` or `.` (a <wbr>), so a long one
 * breaks between its parts on a phone rather than inside a word ("/fi|nancial-…").
 */
function Breakable({ text, after }: { text: string; after: RegExp }) {
  const parts = text.split(after);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

const PATH_PARTS_RE = /(?<=\/)(?=.)/;
const NAME_PARTS_RE = /(?<=\.)(?=.)/;

function Method({ method }: { method: string }) {
  return <span className={`method method-${method}`}>{method.toUpperCase()}</span>;
}

export function Operation({ id, method, path, basePath, scopes, facts, children, examples }: OperationProps) {
  return (
    <div className="operation" data-operation={id}>
      <div className="operation-main">
        <p className="endpoint">
          <Method method={method} />{' '}
          <code>
            {/* The server's path, muted: the operation is called at it and its own path (Open Banking UK's /open-banking/v4.0/aisp/accounts). */}
            {basePath ? (
              <>
                <span className="endpoint-base">
                  <Breakable text={basePath} after={PATH_PARTS_RE} />
                </span>
                <wbr />
              </>
            ) : null}
            <Breakable text={path} after={PATH_PARTS_RE} />
          </code>
          {facts.deprecated ? (
            <>
              {' '}
              <span className="badge badge-deprecated">{facts.deprecated}</span>
            </>
          ) : null}
        </p>
        <p className="operation-facts">
          {`${facts.scope}: `}
          {scopes.length ? scopes.map((scope, i) => [i ? ', ' : null, <code key={scope}>{scope}</code>]) : facts.none}
          {` · ${facts.auth}: ${facts.authText}`}
        </p>
        {children}
      </div>
      <div className="operation-examples">{examples}</div>
    </div>
  );
}

/** Parameters or attributes: a stacked list that never clips in a narrow column (issue #19). */
export function Fields({ caption, required, requiredLabel, unlisted, children }: FieldsProps) {
  return (
    <>
      {caption ? (
        <p className="table-caption">
          {caption}
          {required === undefined ? null : (
            <>
              {' '}
              <span className={required ? 'field-required' : 'field-optional'}>{requiredLabel}</span>
            </>
          )}
        </p>
      ) : null}
      <ul className="fields">{children}</ul>
      {unlisted ? <Unlisted {...unlisted} /> : null}
    </>
  );
}

/** Under a list cut at its length: how many fields it leaves out, from which on (as code), so no reader takes it for whole. */
function Unlisted({ label, first }: NonNullable<FieldsProps['unlisted']>) {
  const [before = '', after = ''] = label.split('{first}');
  return (
    <p className="fields-unlisted">
      {before}
      <code>{first}</code>
      {after}
    </p>
  );
}

/**
 * A field's row is the target of its id, and its name links to it, as a heading's text does
 * (the "#" beside it shows on hover and focus): a reader can link a colleague to a field.
 */
export function Field({ id, name, type, required, requiredLabel, rules, description, descriptionBlocks, inLanguage, fieldsOf, headers }: FieldProps) {
  const code = (
    <code className="field-name">
      <Breakable text={name} after={NAME_PARTS_RE} />
    </code>
  );
  return (
    <li className="field" {...(id ? { id } : {})}>
      <p className="field-head">
        {id ? (
          <a className="field-link" href={`#${id}`}>
            {code}
          </a>
        ) : (
          code
        )}
        {type ? (
          <>
            {' '}
            <span className="field-type">{type}</span>
          </>
        ) : null}
        {required === null ? null : (
          <>
            {' '}
            <span className={required ? 'field-required' : 'field-optional'}>{requiredLabel}</span>
          </>
        )}
      </p>
      {inLanguage ? (
        <p className="field-in-language">
          {inLanguage.label} <code>{inLanguage.name}</code>
        </p>
      ) : null}
      {rules ? <p className="field-rules">{rules}</p> : null}
      {/* A description of paragraphs, lists or code is blocks, which a <p> may not hold. */}
      {description ? (
        descriptionBlocks ? (
          <div className="field-description">{description}</div>
        ) : (
          <p className="field-description">{description}</p>
        )
      ) : null}
      {fieldsOf ? <FieldsOf {...fieldsOf} /> : null}
      {headers ? <div className="field-headers">{headers}</div> : null}
    </li>
  );
}

/** "Fields: Account", the name a link to the list of its fields (a response's row leads to the resource it answers with). */
function FieldsOf({ label, name, href }: NonNullable<FieldProps['fieldsOf']>) {
  const [before = '', after = ''] = label.split('{name}');
  return (
    <p className="field-fields">
      {before}
      <a href={href}>{name}</a>
      {after}
    </p>
  );
}

export function Example({ kind, method, status, children }: ExampleProps) {
  if (kind === 'other') return <>{children}</>;
  if (kind === 'request') {
    return (
      <figure className="example-request">
        <figcaption className="example-label">
          Request <Method method={method} />
        </figcaption>
        {children}
      </figure>
    );
  }
  return (
    <figure className="example-response">
      <figcaption className="example-label">
        Response {status ? <span className={`status status-${status.slice(0, 1)}xx`}>{status}</span> : null}
      </figcaption>
      {children}
    </figure>
  );
}

export function Schema({ id, children }: SchemaProps) {
  return (
    <div className="schema-fields" {...(id ? { id } : {})}>
      {children}
    </div>
  );
}
