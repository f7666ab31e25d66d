// Components that replace plain HTML elements in rendered Markdown.
import type { ComponentProps } from 'react';

const EXTERNAL_RE = /^(https?:)?\/\//;

function Link({ href, children, ...rest }: ComponentProps<'a'>) {
  const external = typeof href === 'string' && EXTERNAL_RE.test(href);
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

function Pre({ children, ...rest }: ComponentProps<'pre'>) {
  return (
    <div className="code-block">
      <pre tabIndex={0} {...rest}>
        {children}
      </pre>
    </div>
  );
}

function Table(props: ComponentProps<'table'>) {
  return (
    <div className="table-scroll" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

function Image({ alt, ...rest }: ComponentProps<'img'>) {
  // Content images can be enlarged (the runtime enables it on wide screens only).
  return <img alt={alt ?? ''} loading="lazy" decoding="async" data-zoomable="" {...rest} />;
}

/** A task list item's checkbox gets the item's text as its label. */
function ListItem({ className, children, ...rest }: ComponentProps<'li'>) {
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

export const markdownComponents = { a: Link, pre: Pre, table: Table, img: Image, li: ListItem };
