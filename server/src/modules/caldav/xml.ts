import {
  DOMImplementation,
  DOMParser,
  XMLSerializer,
  onErrorStopParsing,
  type Document,
  type Element,
} from "@xmldom/xmldom";
import { Validation } from "../../lib/domain-errors";

/**
 * WebDAV's XML, read and written with @xmldom/xmldom: a namespace-aware DOM, so
 * `<A:prop xmlns:A="DAV:">` and `<prop xmlns="DAV:">` read alike, and it never fetches or expands
 * external entities.
 */

export const NS = {
  dav: "DAV:",
  caldav: "urn:ietf:params:xml:ns:caldav",
  calendarServer: "http://calendarserver.org/ns/",
  apple: "http://apple.com/ns/ical/",
} as const;

const XMLNS = "http://www.w3.org/2000/xmlns/";

/** The prefixes our answers use; any other namespace gets one of its own. */
const PREFIXES: Record<string, string> = {
  [NS.dav]: "d",
  [NS.caldav]: "c",
  [NS.calendarServer]: "cs",
  [NS.apple]: "ical",
};

/** A property or element name: its namespace and local name. */
export interface XmlName {
  ns: string;
  name: string;
}

export function sameName(a: XmlName, b: XmlName): boolean {
  return a.ns === b.ns && a.name === b.name;
}

/** The document element of a request body; undefined for an empty body. Malformed XML is a 400. */
export function parseXmlBody(body: string | undefined): Element | undefined {
  if (!body || !body.trim()) return undefined;
  try {
    const document = new DOMParser({ onError: onErrorStopParsing }).parseFromString(body, "application/xml");
    return document.documentElement ?? undefined;
  } catch (error) {
    throw new Validation(
      `The XML body could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export function nameOf(element: Element): XmlName {
  return { ns: element.namespaceURI ?? "", name: element.localName ?? element.nodeName };
}

export function childElements(element: Element, name?: XmlName): Element[] {
  const children: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== node.ELEMENT_NODE) continue;
    const child = node as Element;
    if (!name || sameName(nameOf(child), name)) children.push(child);
  }
  return children;
}

export function firstChild(element: Element | undefined, name: XmlName): Element | undefined {
  return element ? childElements(element, name)[0] : undefined;
}

/** Every element with this name below `element`, at any depth. */
export function descendants(element: Element, name: XmlName): Element[] {
  return Array.from(element.getElementsByTagNameNS(name.ns, name.name));
}

export function textOf(element: Element | undefined): string {
  return element?.textContent?.trim() ?? "";
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/** An element to write: its name, attributes and children (elements or text). */
export interface XmlNode extends XmlName {
  attributes?: Record<string, string>;
  children?: Array<XmlNode | string>;
}

export const dav = (name: string, children?: Array<XmlNode | string>): XmlNode => ({
  ns: NS.dav,
  name,
  children,
});
export const caldav = (name: string, children?: Array<XmlNode | string>): XmlNode => ({
  ns: NS.caldav,
  name,
  children,
});

/** A serialised XML document with `root` as its element, namespaces declared on the root. */
export function xmlDocument(root: XmlNode): string {
  const used = new Set<string>();
  const collect = (node: XmlNode) => {
    used.add(node.ns);
    for (const child of node.children ?? []) if (typeof child !== "string") collect(child);
  };
  collect(root);
  const prefixes = new Map<string, string>();
  for (const ns of used) prefixes.set(ns, PREFIXES[ns] ?? `x${prefixes.size}`);

  const document: Document = new DOMImplementation().createDocument(null, "", null);
  const build = (node: XmlNode): Element => {
    const element = document.createElementNS(node.ns, `${prefixes.get(node.ns)}:${node.name}`);
    for (const [name, value] of Object.entries(node.attributes ?? {})) element.setAttribute(name, value);
    for (const child of node.children ?? []) {
      element.appendChild(typeof child === "string" ? document.createTextNode(child) : build(child));
    }
    return element;
  };
  const element = build(root);
  for (const [ns, prefix] of prefixes) element.setAttributeNS(XMLNS, `xmlns:${prefix}`, ns);
  document.appendChild(element);
  return `<?xml version="1.0" encoding="utf-8"?>\n${new XMLSerializer().serializeToString(document)}`;
}
