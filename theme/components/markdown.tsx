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
  return <img alt={alt ?? ''} loading="lazy" decoding="async" {...rest} />;
}

export const markdownComponents = { a: Link, pre: Pre, table: Table, img: Image };
