// Named elements (issue #16): what bankdocs' remark plugins emit for the parts a theme
// draws (tab views, API operations and their fields and examples), as hast elements named
// `bankdocs-*` whose data travels as JSON in `dataProps` and whose Markdown content is
// their children. rehype-react maps each to the theme's component; an element's
// `bankdocs-slot` children become the props of that name (a field's rules, an operation's
// examples). Search reads `dataSearch`: words an element shows that its children lack.
import { Children, isValidElement, type ComponentType, type ReactNode } from 'react';
import { jsx } from 'react/jsx-runtime';
import type { ThemeComponents } from './contract.js';

export const TABS = 'bankdocs-tabs';
export const TAB_PANEL = 'bankdocs-tab';
export const OPERATION = 'bankdocs-operation';
export const FIELDS = 'bankdocs-fields';
export const FIELD = 'bankdocs-field';
export const EXAMPLE = 'bankdocs-example';
export const SCHEMA = 'bankdocs-schema';
export const SLOT = 'bankdocs-slot';

interface RawProps {
  'data-props'?: string;
  'data-slot'?: string;
  children?: ReactNode;
}

/** A slot's content, handed to its parent's adapter (never rendered on its own). */
function Slot({ children }: RawProps): ReactNode {
  return children;
}

/** The element's data and slots as the theme component's props; the rest stays children. */
function adapt<P extends object>(Component: ComponentType<P>): ComponentType<RawProps> {
  function NamedElement({ 'data-props': data, children }: RawProps) {
    const props: Record<string, unknown> = data ? (JSON.parse(data) as Record<string, unknown>) : {};
    const rest: ReactNode[] = [];
    for (const child of Children.toArray(children)) {
      if (isValidElement<RawProps>(child) && child.type === Slot && child.props['data-slot']) props[child.props['data-slot']] = child.props.children;
      else rest.push(child);
    }
    return jsx(Component as ComponentType<Record<string, unknown>>, rest.length ? { ...props, children: rest } : props);
  }
  NamedElement.displayName = `Named(${Component.displayName ?? Component.name})`;
  return NamedElement;
}

/** rehype-react's components map: HTML elements and named elements to the theme's components. */
export function markdownComponents(components: ThemeComponents): Record<string, ComponentType<never>> {
  return {
    a: components.Link,
    pre: components.CodeBlock,
    table: components.Table,
    img: components.Image,
    li: components.ListItem,
    [TABS]: adapt(components.Tabs),
    [TAB_PANEL]: adapt(components.TabPanel),
    [OPERATION]: adapt(components.Operation),
    [FIELDS]: adapt(components.Fields),
    [FIELD]: adapt(components.Field),
    [EXAMPLE]: adapt(components.Example),
    [SCHEMA]: adapt(components.Schema),
    [SLOT]: Slot,
  } as Record<string, ComponentType<never>>;
}
