// Components that replace plain HTML elements in rendered Markdown (the theme's Link,
// CodeBlock, Table, Image and ListItem).
import { cloneElement, isValidElement, type ComponentProps, type ReactElement, type ReactNode } from 'react';

const EXTERNAL_RE = /^(https?:)?\/\//;

export function Link({ href, children, ...rest }: ComponentProps<'a'>) {
  const external = typeof href === 'string' && EXTERNAL_RE.test(href);
  // A link whose text is its address comes with the class bare-url (src/markdown/rehype-classes.ts), in rest.
  return external ? (
    <a href={href} rel="noopener" target="_blank" {...rest}>
      {children}
    </a>
  ) : (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}

const LANGUAGE_RE = /(?:^|\s)language-(\S+)/;

/** The language a code element is tagged with ("language-curl"), if any. */
function languageOf(children: ReactNode): string | null {
  if (!isValidElement<{ className?: unknown }>(children)) return null;
  const className = children.props.className;
  const match = LANGUAGE_RE.exec(Array.isArray(className) ? className.join(' ') : typeof className === 'string' ? className : '');
  return match ? match[1]! : null;
}

/** The title a code element carries (```js title="src/client.js": src/markdown/remark-code-title.ts), if any. */
function titleOf(children: ReactNode): string | null {
  if (!isValidElement<{ 'data-title'?: unknown }>(children)) return null;
  const title = children.props['data-title'];
  return typeof title === 'string' && title ? title : null;
}

/**
 * A bar above the code holds its title or else its language, and (with JavaScript,
 * theme/client/code.ts) the copy button, so nothing covers the first line (issue #19).
 */
export function CodeBlock({ children, ...rest }: ComponentProps<'pre'>) {
  const language = languageOf(children);
  const title = titleOf(children);
  return (
    <div className="code-block">
      <div className="code-bar">
        {title !== null ? <span className="code-title">{title}</span> : <span className="code-language">{language ?? ''}</span>}
      </div>
      <pre tabIndex={0} {...rest}>
        {title !== null && isValidElement(children) ? cloneElement(children as ReactElement<{ 'data-title'?: string }>, { 'data-title': undefined }) : children}
      </pre>
    </div>
  );
}

export function Table(props: ComponentProps<'table'>) {
  return (
    <div className="table-scroll" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

export function Image({ alt, ...rest }: ComponentProps<'img'>) {
  // Content images can be enlarged: in a modal on wide screens, on their own on narrow
  // ones, where pinch zoom works (theme/client/zoom-trigger.ts).
  return <img alt={alt ?? ''} loading="lazy" decoding="async" data-zoomable="" {...rest} />;
}

/** A task list item's checkbox gets the item's text as its label. */
export function ListItem({ className, children, ...rest }: ComponentProps<'li'>) {
  if (typeof className === 'string' && className.includes('task-list-item')) {
    return (
      <li className={className} {...rest}>
        <label>{children}</label>
      </li>
    );
  }
  return (
    <li className={className} {...rest}>
      {children}
    </li>
  );
}
