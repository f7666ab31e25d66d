// How React's server renderer writes text and attributes, ported from react-dom 19.2
// (react-dom-server-legacy.node.production.js: escapeTextForBrowser, pushAttribute,
// pushStyleAttribute, sanitizeURL, isAttributeNameSafe; MIT, Meta Platforms, Inc. and
// affiliates) for the fast path in static-markup.ts. Each function returns the chunk
// React pushes ('' where it pushes nothing). Kept in step with the installed react-dom by
// tests/unit/render/static-markup.test.ts, which compares both on every rule below.

const VALID_ATTRIBUTE_NAME_RE =
  /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\-.0-9\u00B7\u0300-\u036F\u203F-\u2040]*$/;
const safeNames = new Map<string, boolean>();

function isAttributeNameSafe(name: string): boolean {
  let safe = safeNames.get(name);
  if (safe === undefined) safeNames.set(name, (safe = VALID_ATTRIBUTE_NAME_RE.test(name)));
  return safe;
}

const UNITLESS = new Set(
  'animationIterationCount aspectRatio borderImageOutset borderImageSlice borderImageWidth boxFlex boxFlexGroup boxOrdinalGroup columnCount columns flex flexGrow flexPositive flexShrink flexNegative flexOrder gridArea gridRow gridRowEnd gridRowSpan gridRowStart gridColumn gridColumnEnd gridColumnSpan gridColumnStart fontWeight lineClamp lineHeight opacity order orphans scale tabSize widows zIndex zoom fillOpacity floodOpacity stopOpacity strokeDasharray strokeDashoffset strokeMiterlimit strokeOpacity strokeWidth MozAnimationIterationCount MozBoxFlex MozBoxFlexGroup MozLineClamp msAnimationIterationCount msFlex msZoom msFlexGrow msFlexNegative msFlexOrder msFlexPositive msFlexShrink msGridColumn msGridColumnSpan msGridRow msGridRowSpan WebkitAnimationIterationCount WebkitBoxFlex WebKitBoxFlexGroup WebkitBoxOrdinalGroup WebkitColumnCount WebkitColumns WebkitFlex WebkitFlexGrow WebkitFlexPositive WebkitFlexShrink WebkitLineClamp'.split(' '),
);

/** React's names for attributes written otherwise in HTML and SVG ("htmlFor" is "for"). */
export const ALIASES: ReadonlyMap<string, string> = new Map<string, string>([
  ['htmlFor', 'for'],
  ['crossOrigin', 'crossorigin'],
  ['xmlnsXlink', 'xmlns:xlink'],
  ['panose-1', 'panose-1'],
  // And the camelCase names written in kebab-case, most of them SVG presentation attributes.
  ...'acceptCharset httpEquiv accentHeight alignmentBaseline arabicForm baselineShift capHeight clipPath clipRule colorInterpolation colorInterpolationFilters colorProfile colorRendering dominantBaseline enableBackground fillOpacity fillRule floodColor floodOpacity fontFamily fontSize fontSizeAdjust fontStretch fontStyle fontVariant fontWeight glyphName glyphOrientationHorizontal glyphOrientationVertical horizAdvX horizOriginX imageRendering letterSpacing lightingColor markerEnd markerMid markerStart maskType overlinePosition overlineThickness paintOrder pointerEvents renderingIntent shapeRendering stopColor stopOpacity strikethroughPosition strikethroughThickness strokeDasharray strokeDashoffset strokeLinecap strokeLinejoin strokeMiterlimit strokeOpacity strokeWidth textAnchor textDecoration textRendering transformOrigin underlinePosition underlineThickness unicodeBidi unicodeRange unitsPerEm vAlphabetic vHanging vIdeographic vMathematical vectorEffect vertAdvY vertOriginX vertOriginY wordSpacing writingMode xHeight'
    .split(' ')
    .map((name): [string, string] => [name, name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)]),
]);

const HTML_ESCAPE_RE = /["'&<>]/;

/** React's escapeTextForBrowser: text and attribute values. */
export function escapeText(value: unknown): string {
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint') return `${value}`;
  const text = `${value as string}`;
  const match = HTML_ESCAPE_RE.exec(text);
  if (!match) return text;
  let html = '';
  let last = 0;
  let index = match.index;
  for (; index < text.length; index++) {
    let escaped: string;
    switch (text.charCodeAt(index)) {
      case 34:
        escaped = '&quot;';
        break;
      case 38:
        escaped = '&amp;';
        break;
      case 39:
        escaped = '&#x27;';
        break;
      case 60:
        escaped = '&lt;';
        break;
      case 62:
        escaped = '&gt;';
        break;
      default:
        continue;
    }
    if (last !== index) html += text.slice(last, index);
    last = index + 1;
    html += escaped;
  }
  return last !== index ? html + text.slice(last, index) : html;
}

const JAVASCRIPT_URL_RE = /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;

export function sanitizeUrl(url: string): string {
  return JAVASCRIPT_URL_RE.test(url) ? "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')" : url;
}

const styleNames = new Map<string, string>();

function styleAttribute(style: unknown): string {
  // React throws on a string: the caller's React render reports it.
  if (typeof style !== 'object') throw new TypeError('style must be an object');
  let out = '';
  for (const name in style) {
    if (!Object.prototype.hasOwnProperty.call(style, name)) continue;
    const value = (style as Record<string, unknown>)[name];
    if (value == null || typeof value === 'boolean' || value === '') continue;
    let chunk: string;
    let text: string;
    if (name.startsWith('--')) {
      chunk = escapeText(name);
      text = escapeText(`${value as string}`.trim());
    } else {
      chunk = styleNames.get(name) ?? '';
      if (!chunk) styleNames.set(name, (chunk = escapeText(name.replace(/([A-Z])/g, '-$1').toLowerCase().replace(/^ms-/, '-ms-'))));
      text = typeof value === 'number' ? (value === 0 || UNITLESS.has(name) ? `${value}` : `${value}px`) : escapeText(`${value as string}`.trim());
    }
    out += out ? `;${chunk}:${text}` : ` style="${chunk}:${text}`;
  }
  return out ? `${out}"` : '';
}

const unusable = (value: unknown) => typeof value === 'function' || typeof value === 'symbol';

function stringAttribute(name: string, value: unknown): string {
  return unusable(value) || typeof value === 'boolean' ? '' : ` ${name}="${escapeText(value)}"`;
}

const BOOLEAN_ATTRIBUTES = new Set(
  'inert allowFullScreen async autoPlay controls credentialless default defer disabled disablePictureInPicture disableRemotePlayback formNoValidate hidden loop noModule noValidate open playsInline readOnly required reversed scoped seamless itemScope'.split(' '),
);
const VERBATIM = new Set('contentEditable spellCheck draggable value autoReverse externalResourcesRequired focusable preserveAlpha'.split(' '));
const XML_NAMES: Record<string, string> = {
  xlinkActuate: 'xlink:actuate',
  xlinkArcrole: 'xlink:arcrole',
  xlinkRole: 'xlink:role',
  xlinkShow: 'xlink:show',
  xlinkTitle: 'xlink:title',
  xlinkType: 'xlink:type',
  xmlBase: 'xml:base',
  xmlLang: 'xml:lang',
  xmlSpace: 'xml:space',
};

type AttributeWriter = (value: unknown) => string;
const writers = new Map<string, AttributeWriter>();

/** React's pushAttribute: one prop of an HTML or SVG element (not a custom element). */
export function attribute(name: string, value: unknown): string {
  let write = writers.get(name);
  if (!write) writers.set(name, (write = writerOf(name)));
  return write(value);
}

/** How React writes the prop `name`, decided once per name. */
function writerOf(name: string): AttributeWriter {
  switch (name) {
    case 'className':
      return (value) => stringAttribute('class', value);
    case 'tabIndex':
      return (value) => stringAttribute('tabindex', value);
    case 'dir':
    case 'role':
    case 'viewBox':
    case 'width':
    case 'height':
      return (value) => stringAttribute(name, value);
    case 'style':
      return styleAttribute;
    case 'src':
    case 'href':
      return (value) => {
        const url = urlValue(value);
        return url === undefined ? '' : ` ${name}="${escapeText(url)}"`;
      };
    case 'action':
    case 'formAction':
      return (value) => {
        if (value == null || unusable(value) || typeof value === 'boolean') return '';
        return ` ${name}="${escapeText(sanitizeUrl(`${value as string}`))}"`;
      };
    case 'defaultValue':
    case 'defaultChecked':
    case 'innerHTML':
    case 'suppressContentEditableWarning':
    case 'suppressHydrationWarning':
    case 'ref':
      return () => '';
    case 'autoFocus':
    case 'multiple':
    case 'muted':
      return (value) => (value && !unusable(value) ? ` ${name.toLowerCase()}=""` : '');
    case 'xlinkHref':
      return (value) => (unusable(value) || typeof value === 'boolean' ? '' : ` xlink:href="${escapeText(sanitizeUrl(`${value as string}`))}"`);
    case 'capture':
    case 'download':
      return (value) => (value === true ? ` ${name}=""` : value === false || unusable(value) ? '' : ` ${name}="${escapeText(value)}"`);
    case 'cols':
    case 'rows':
    case 'size':
    case 'span':
      return (value) => (unusable(value) || isNaN(value as number) || !((value as number) >= 1) ? '' : ` ${name}="${escapeText(value)}"`);
    case 'rowSpan':
    case 'start':
      return (value) => (unusable(value) || isNaN(value as number) ? '' : ` ${name}="${escapeText(value)}"`);
  }
  if (BOOLEAN_ATTRIBUTES.has(name)) return (value) => (value && !unusable(value) ? ` ${name}=""` : '');
  if (VERBATIM.has(name)) return (value) => (unusable(value) ? '' : ` ${name}="${escapeText(value)}"`);
  const xml = XML_NAMES[name];
  if (xml) return (value) => stringAttribute(xml, value);
  // Event handlers (onClick) are never written.
  if (name.length > 2 && (name[0] === 'o' || name[0] === 'O') && (name[1] === 'n' || name[1] === 'N')) return () => '';
  const written = ALIASES.get(name) ?? name;
  if (!isAttributeNameSafe(written)) return () => '';
  const prefix = written.toLowerCase().slice(0, 5);
  const writesBooleans = prefix === 'data-' || prefix === 'aria-';
  const start = ` ${written}="`;
  return (value) => {
    if (unusable(value) || (typeof value === 'boolean' && !writesBooleans)) return '';
    return `${start}${escapeText(value)}"`;
  };
}

/** A prop of a custom element (a name with a hyphen): React writes these its own way. */
export function customElementAttribute(name: string, value: unknown): string {
  switch (name) {
    case 'style':
      return styleAttribute(value);
    case 'suppressContentEditableWarning':
    case 'suppressHydrationWarning':
    case 'ref':
      return '';
  }
  const written = customValue(value);
  if (!isAttributeNameSafe(name) || written === undefined) return '';
  return ` ${name === 'className' ? 'class' : name}="${escapeText(written)}"`;
}

/**
 * The value React writes for a prop of an HTML or SVG element as a plain attribute (id,
 * name), before escaping; undefined where it writes none. For reading a page's ids and
 * links as it is written (scan-html.ts's TagScan): the rule of attribute()'s last case
 * for a name that writes no booleans; the URL and custom element writers above use the
 * functions below themselves.
 */
export function plainValue(value: unknown): string | undefined {
  return value == null || unusable(value) || typeof value === 'boolean' ? undefined : `${value as string}`;
}

/** The same for a URL prop (href, src): an empty one is not written; javascript: URLs are blocked. */
export function urlValue(value: unknown): string | undefined {
  return value === '' || value == null || unusable(value) || typeof value === 'boolean' ? undefined : sanitizeUrl(`${value as string}`);
}

/** The same for a prop of a custom element (customElementAttribute). */
export function customValue(value: unknown): string | undefined {
  if (value == null || unusable(value) || value === false || (value !== true && typeof value === 'object')) return undefined;
  return value === true ? '' : `${value as string}`;
}
