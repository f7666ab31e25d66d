// Puts a page's new content into the open page without a reload, so the text a writer
// just saved shows at once, with the scroll position, focus and the runtime's state kept.
//
// It compares the page as the server sent it before (not the live DOM: the runtime has
// added copy buttons, selected tabs, …) with the page as the server sends it now, and
// changes in the live DOM only the nodes that differ: a changed paragraph is replaced,
// an edited word in it becomes a text change, a renamed heading changes the heading and
// its table-of-contents entry. Anything the runtime enhances (code blocks, tabs, buttons,
// zoomable diagrams) that would have to be created anew, or a change in the head other
// than the title, asks for a reload instead (NeedsReload).

/**
 * Elements the runtime sets up when the page loads: new ones would stay inert. A zoomable
 * image is one (a changed alternative text or source is a new image, which would not zoom).
 */
const ENHANCED = 'pre, button, [role="tablist"], .code-block, .tabs, img[data-zoomable], script';

export class NeedsReload extends Error {}

function assertPlain(node: Node): void {
  if (node instanceof Element && (node.matches(ENHANCED) || node.querySelector(ENHANCED))) throw new NeedsReload(`a changed ${node.nodeName.toLowerCase()} holds parts the runtime enhances`);
}

function sameShell(a: Node, b: Node): boolean {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  if (!(a instanceof Element) || !(b instanceof Element)) return true;
  if (a.attributes.length !== b.attributes.length) return false;
  for (const attr of a.attributes) if (b.getAttribute(attr.name) !== attr.value) return false;
  return true;
}

/**
 * The live children that show `was`, one for one: children the runtime added (a copy
 * button, the consent bar, this overlay) are passed over; a child it removed means the
 * live node cannot be patched.
 */
function align(live: Node, was: readonly Node[]): ChildNode[] {
  const shown = [...live.childNodes];
  const out: ChildNode[] = [];
  let j = 0;
  for (const node of was) {
    while (j < shown.length && !sameKind(shown[j]!, node)) j++;
    if (j === shown.length) throw new NeedsReload(`the runtime changed a ${live.nodeName.toLowerCase()}`);
    out.push(shown[j++]!);
  }
  return out;
}

function sameKind(a: Node, b: Node): boolean {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && (!(a instanceof Element) || a.id === (b as Element).id);
}

/** Makes `live` (which showed `before`) show `after`, changing as little as possible. */
export function patchNode(live: Node, before: Node, after: Node): void {
  if (before.isEqualNode(after)) return;
  if (!sameShell(before, after)) {
    assertPlain(live);
    assertPlain(after);
    (live as ChildNode).replaceWith(document.importNode(after, true));
    return;
  }
  if (before.nodeType === Node.TEXT_NODE || before.nodeType === Node.COMMENT_NODE) {
    live.nodeValue = after.nodeValue;
    return;
  }
  const was = [...before.childNodes];
  const now = [...after.childNodes];
  const shown = align(live, was);
  let start = 0;
  while (start < was.length && start < now.length && was[start]!.isEqualNode(now[start]!)) start++;
  let endWas = was.length;
  let endNow = now.length;
  while (endWas > start && endNow > start && was[endWas - 1]!.isEqualNode(now[endNow - 1]!)) {
    endWas--;
    endNow--;
  }
  if (endWas - start === endNow - start) {
    // As many children as before (a heading and its table-of-contents entry, say): each in turn.
    for (let i = start; i < endWas; i++) patchNode(shown[i]!, was[i]!, now[i]!);
    return;
  }
  // Children inserted or removed: replace the run between the unchanged ends.
  for (const node of shown.slice(start, endWas)) assertPlain(node);
  for (const node of now.slice(start, endNow)) assertPlain(node);
  const anchor = shown[endWas] ?? shown[endWas - 1]?.nextSibling ?? (start > 0 ? shown[start - 1]!.nextSibling : live.firstChild);
  for (const node of now.slice(start, endNow)) live.insertBefore(document.importNode(node, true), anchor);
  for (const node of shown.slice(start, endWas)) node.remove();
}

/** Patches the page's body and title; throws NeedsReload when a reload is the only right answer. */
export function patchPage(before: Document, after: Document): void {
  // This script's own tag names the version of the page it came with.
  for (const doc of [before, after]) doc.querySelector('script[src="/__bankdocs/dev.js"]')?.remove();
  if (!sameShell(before.documentElement, after.documentElement)) throw new NeedsReload('the html element changed');
  // The head holds the title, the description, the alternates: the title is set below, anything else reloads.
  const heads = [before, after].map((doc) => {
    const head = doc.head.cloneNode(true) as HTMLElement;
    head.querySelector('title')?.remove();
    return head;
  });
  if (!heads[0]!.isEqualNode(heads[1]!)) throw new NeedsReload('the head of the page changed');
  patchNode(document.body, before.body, after.body);
  document.title = after.title;
}
