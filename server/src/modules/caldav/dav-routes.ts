import type { FastifyReply, FastifyRequest } from "fastify";
import type { Element } from "@xmldom/xmldom";
import type { App, ModulePlugin } from "../../app-types";
import { Unauthenticated } from "../../lib/domain-errors";
import { davAuthenticate, pathnameOf, resolve, type Target } from "./dav-requests";
import {
  changesSince,
  currentVersion,
  davCollections,
  davPaths,
  deleteResource,
  getResource,
  listResources,
  PreconditionFailed,
  putResource,
  syncTokenOf,
  versionOfSyncToken,
  type DavCollection,
  type DavResource,
  type DavUser,
} from "./service";
import {
  NS,
  caldav,
  childElements,
  dav,
  descendants,
  firstChild,
  nameOf,
  parseXmlBody,
  sameName,
  textOf,
  xmlDocument,
  type XmlName,
  type XmlNode,
} from "./xml";

/** Methods WebDAV and CalDAV add to HTTP, all with XML bodies. */
const DAV_METHODS = ["PROPFIND", "PROPPATCH", "REPORT", "MKCALENDAR", "MKCOL"] as const;
const METHODS = ["OPTIONS", "GET", "HEAD", "PUT", "DELETE", ...DAV_METHODS];
const ALLOW = "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT";
const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8; component=VTODO";
/** A task resource's body is small; a whole calendar pasted into one is refused. */
const BODY_LIMIT = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

const hrefNode = (href: string) => dav("href", [href]);

const ALL_PRIVILEGES = [
  "read",
  "write",
  "write-properties",
  "write-content",
  "bind",
  "unbind",
  "read-current-user-privilege-set",
];

/** A property's value for a resource, or undefined when it has none (reported 404). */
type PropertyValue = (name: XmlName) => Array<XmlNode | string> | undefined;

interface Described {
  href: string;
  value: PropertyValue;
  /** What `allprop` lists. */
  common: XmlName[];
}

const d = (name: string): XmlName => ({ ns: NS.dav, name });
const c = (name: string): XmlName => ({ ns: NS.caldav, name });
const cs = (name: string): XmlName => ({ ns: NS.calendarServer, name });

function propertyTable(entries: Array<[XmlName, Array<XmlNode | string>]>): PropertyValue {
  return (name) => entries.find(([key]) => sameName(key, name))?.[1];
}

function principalProperties(user: DavUser & { email: string }): Array<[XmlName, Array<XmlNode | string>]> {
  const paths = davPaths(user.username);
  return [
    [d("current-user-principal"), [hrefNode(paths.principal)]],
    [d("principal-URL"), [hrefNode(paths.principal)]],
    [c("calendar-home-set"), [hrefNode(paths.home)]],
    [d("owner"), [hrefNode(paths.principal)]],
  ];
}

function describeContainer(
  user: DavUser & { email: string },
  target: { kind: "root" | "principal" | "home" },
): Described {
  const paths = davPaths(user.username);
  const href = target.kind === "root" ? "/dav/" : target.kind === "principal" ? paths.principal : paths.home;
  const resourcetype =
    target.kind === "principal" ? [dav("principal"), dav("collection")] : [dav("collection")];
  const entries: Array<[XmlName, Array<XmlNode | string>]> = [
    [d("resourcetype"), resourcetype],
    [d("displayname"), [target.kind === "principal" ? user.username : "Tasklane"]],
    ...principalProperties(user),
    [c("calendar-user-address-set"), [hrefNode(`mailto:${user.email}`)]],
    [d("current-user-privilege-set"), [dav("privilege", [dav("read")])]],
  ];
  return { href, value: propertyTable(entries), common: [d("resourcetype"), d("displayname")] };
}

function describeCollection(
  user: DavUser & { email: string },
  collection: DavCollection,
  token: string,
): Described {
  const entries: Array<[XmlName, Array<XmlNode | string>]> = [
    [d("resourcetype"), [dav("collection"), caldav("calendar")]],
    [d("displayname"), [collection.name]],
    [c("supported-calendar-component-set"), [{ ns: NS.caldav, name: "comp", attributes: { name: "VTODO" } }]],
    [cs("getctag"), [token]],
    [d("sync-token"), [token]],
    [
      d("supported-report-set"),
      ["calendar-query", "calendar-multiget"]
        .map((report) => dav("supported-report", [dav("report", [caldav(report)])]))
        .concat(dav("supported-report", [dav("report", [dav("sync-collection")])])),
    ],
    [d("current-user-privilege-set"), ALL_PRIVILEGES.map((privilege) => dav("privilege", [dav(privilege)]))],
    ...principalProperties(user),
  ];
  return {
    href: davPaths(user.username).collection(collection.id),
    value: propertyTable(entries),
    common: [d("resourcetype"), d("displayname"), cs("getctag"), d("sync-token")],
  };
}

function describeResource(user: DavUser, collection: DavCollection, resource: DavResource): Described {
  const entries: Array<[XmlName, Array<XmlNode | string>]> = [
    [d("resourcetype"), []],
    [d("getetag"), [resource.etag]],
    [d("getcontenttype"), [CALENDAR_CONTENT_TYPE]],
    [d("getcontentlength"), [String(Buffer.byteLength(resource.body))]],
    [c("calendar-data"), [resource.body]],
  ];
  return {
    href: `${davPaths(user.username).collection(collection.id)}${encodeURIComponent(resource.name)}`,
    value: propertyTable(entries),
    common: [d("resourcetype"), d("getetag"), d("getcontenttype"), d("getcontentlength")],
  };
}

/** One <response>: the found properties with 200, the others with 404. */
function responseNode(described: Described, requested: XmlName[] | "all"): XmlNode {
  const names = requested === "all" ? described.common : requested;
  const found: XmlNode[] = [];
  const missing: XmlNode[] = [];
  for (const name of names) {
    const value = described.value(name);
    if (value === undefined) missing.push({ ...name });
    else found.push({ ...name, children: value });
  }
  const propstat = (props: XmlNode[], status: string) =>
    dav("propstat", [dav("prop", props), dav("status", [`HTTP/1.1 ${status}`])]);
  return dav("response", [
    hrefNode(described.href),
    ...(found.length > 0 || missing.length === 0 ? [propstat(found, "200 OK")] : []),
    ...(missing.length > 0 ? [propstat(missing, "404 Not Found")] : []),
  ]);
}

function statusResponse(href: string, status: string): XmlNode {
  return dav("response", [hrefNode(href), dav("status", [`HTTP/1.1 ${status}`])]);
}

/** The properties a <prop> element asks for; "all" for allprop, no body or no <prop>. */
function requestedProperties(container: Element | undefined): XmlName[] | "all" {
  const prop = firstChild(container, d("prop"));
  return prop ? childElements(prop).map(nameOf) : "all";
}

function sendMultistatus(reply: FastifyReply, responses: XmlNode[], extra: XmlNode[] = []) {
  return reply
    .status(207)
    .header("content-type", 'application/xml; charset="utf-8"')
    .send(xmlDocument(dav("multistatus", [...responses, ...extra])));
}

function sendError(reply: FastifyReply, status: number, precondition: XmlNode, message: string) {
  return reply
    .status(status)
    .header("content-type", 'application/xml; charset="utf-8"')
    .send(
      xmlDocument(
        dav("error", [precondition, { ns: "http://tasklane.app/ns/", name: "message", children: [message] }]),
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// The module
// ---------------------------------------------------------------------------------------------

function preconditionsOf(request: FastifyRequest) {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(",") : value;
  };
  return { ifMatch: header("if-match"), ifNoneMatch: header("if-none-match") };
}

/** The resource name an href names inside a collection, or undefined when it is not one of its members. */
function memberName(href: string, collectionPath: string): string | undefined {
  const path = pathnameOf(href);
  if (!path.startsWith(collectionPath)) return undefined;
  const rest = path.slice(collectionPath.length);
  if (!rest || rest.includes("/")) return undefined;
  try {
    return decodeURIComponent(rest);
  } catch {
    return undefined;
  }
}

/** A calendar-query's comp-filter inside VCALENDAR asks for VTODO (or for any component). */
function queriesTasks(report: Element): boolean {
  const filter = firstChild(report, c("filter"));
  const calendar = firstChild(filter, c("comp-filter"));
  const inner = calendar ? childElements(calendar, c("comp-filter")) : [];
  return (
    inner.length === 0 || inner.some((element) => element.getAttribute("name")?.toUpperCase() === "VTODO")
  );
}

/** Bodies are XML or iCalendar, whatever type the client names (some name none). */
function acceptAnyBody(scope: App): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", { parseAs: "string", bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });
}

/**
 * CalDAV (RFC 4791) for tasks at /dav/, with discovery at /.well-known/caldav (RFC 6764): a
 * principal per user, a calendar home, and one VTODO collection per task list. Every write goes
 * through the tasks service.
 */
export const davModule: ModulePlugin = async (app, { deps }) => {
  for (const method of DAV_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }

  // Discovery from the server's name alone: Apple Reminders and DAVx⁵ PROPFIND here with an XML
  // body (of any type, or none) and no credentials yet; each is sent on to /dav/.
  await app.register(async (scope) => {
    acceptAnyBody(scope);
    scope.route({
      method: ["GET", "HEAD", "PROPFIND", "OPTIONS"],
      url: "/.well-known/caldav",
      schema: { hide: true },
      handler: async (_request, reply) => reply.redirect("/dav/", 301),
    });
  });

  await app.register(async (scope) => {
    acceptAnyBody(scope);
    scope.addHook("onRequest", davAuthenticate(deps));

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method === "OPTIONS") {
        return reply
          .status(200)
          .header("dav", "1, 3, calendar-access")
          .header("allow", ALLOW)
          .header("content-length", "0")
          .send();
      }
      const user = request.davUser;
      if (!user) throw new Unauthenticated();
      const target = await resolve(deps, user, pathnameOf(request.url));
      if (!target) return reply.status(404).send({ message: "Not found" });
      const body = typeof request.body === "string" ? request.body : undefined;
      const token = async () => syncTokenOf(deps.config.publicUrl, await currentVersion(deps.db, user));

      try {
        switch (request.method) {
          case "PROPFIND":
            return await propfind(request, reply, user, target, body, token);
          case "REPORT":
            return await report(reply, user, target, body);
          case "PROPPATCH": {
            // Names and colours are Tasklane's to set: each property is refused.
            const root = parseXmlBody(body);
            const names = root
              ? descendants(root, d("prop")).flatMap((prop) => childElements(prop).map(nameOf))
              : [];
            return sendMultistatus(reply, [
              dav("response", [
                hrefNode(pathnameOf(request.url)),
                dav("propstat", [
                  dav(
                    "prop",
                    names.map((name) => ({ ...name })),
                  ),
                  dav("status", ["HTTP/1.1 403 Forbidden"]),
                ]),
              ]),
            ]);
          }
          case "GET":
          case "HEAD": {
            if (target.kind !== "object")
              return reply.status(405).header("allow", ALLOW).send({ message: "Not a task" });
            const resource = await getResource(deps.db, user, target.collection.id, target.name);
            if (!resource) return reply.status(404).send({ message: "Task not found" });
            return reply
              .header("content-type", CALENDAR_CONTENT_TYPE)
              .header("etag", resource.etag)
              .send(resource.body);
          }
          case "PUT": {
            if (target.kind !== "object")
              return reply.status(405).header("allow", ALLOW).send({ message: "Not a task" });
            const { created, etag } = await putResource(
              deps.db,
              deps.clock,
              user,
              target.collection.id,
              target.name,
              body ?? "",
              preconditionsOf(request),
            );
            // The ETag only when the task is stored as sent (see putResource); else the client reads it again.
            if (etag) void reply.header("etag", etag);
            return reply.status(created ? 201 : 204).send();
          }
          case "DELETE": {
            if (target.kind !== "object") {
              return reply.status(403).send({ message: "Task lists are removed in Tasklane itself" });
            }
            const deleted = await deleteResource(
              deps.db,
              deps.clock,
              user,
              target.collection.id,
              target.name,
              preconditionsOf(request),
            );
            return deleted ? reply.status(204).send() : reply.status(404).send({ message: "Task not found" });
          }
          default:
            return reply.status(403).send({ message: "Task lists are made in Tasklane itself" });
        }
      } catch (error) {
        if (error instanceof PreconditionFailed) return reply.status(412).send({ message: error.message });
        throw error;
      }
    };

    scope.route({ method: METHODS, url: "/dav", schema: { hide: true }, handler });
    scope.route({ method: METHODS, url: "/dav/*", schema: { hide: true }, handler });
    // Clients that skip discovery (python-caldav) ask the address they were given, often the
    // server's own: there the DAV root answers too, and leads on to the principal.
    scope.route({ method: "PROPFIND", url: "/", schema: { hide: true }, handler });
  });

  async function propfind(
    request: FastifyRequest,
    reply: FastifyReply,
    user: DavUser & { email: string },
    target: Target,
    body: string | undefined,
    token: () => Promise<string>,
  ) {
    const root = parseXmlBody(body);
    const requested = root && firstChild(root, d("propname")) ? "all" : requestedProperties(root);
    const depth = request.headers.depth === "0" ? 0 : 1;
    const described: Described[] = [];
    switch (target.kind) {
      case "root":
        // Under the address asked for: a client matches the answer to it.
        described.push({
          ...describeContainer(user, target),
          href: pathnameOf(request.url) === "/" ? "/" : "/dav/",
        });
        break;
      case "principal":
        described.push(describeContainer(user, target));
        break;
      case "home": {
        described.push(describeContainer(user, target));
        if (depth > 0) {
          const current = await token();
          for (const collection of await davCollections(deps.db, deps.clock, user)) {
            described.push(describeCollection(user, collection, current));
          }
        }
        break;
      }
      case "collection": {
        described.push(describeCollection(user, target.collection, await token()));
        if (depth > 0) {
          for (const resource of await listResources(deps.db, user, target.collection.id)) {
            described.push(describeResource(user, target.collection, resource));
          }
        }
        break;
      }
      case "object": {
        const resource = await getResource(deps.db, user, target.collection.id, target.name);
        if (!resource) return reply.status(404).send({ message: "Task not found" });
        described.push(describeResource(user, target.collection, resource));
        break;
      }
    }
    return sendMultistatus(
      reply,
      described.map((item) => responseNode(item, requested)),
    );
  }

  async function report(
    reply: FastifyReply,
    user: DavUser & { email: string },
    target: Target,
    body: string | undefined,
  ) {
    const root = parseXmlBody(body);
    if (!root) return reply.status(400).send({ message: "A REPORT needs an XML body" });
    if (target.kind !== "collection") {
      return sendError(reply, 403, dav("supported-report"), "Reports are answered on a task list");
    }
    const collection = target.collection;
    const collectionPath = davPaths(user.username).collection(collection.id);
    const requested = requestedProperties(root);
    const kind = nameOf(root);

    if (sameName(kind, c("calendar-multiget"))) {
      const responses: XmlNode[] = [];
      for (const href of childElements(root, d("href")).map(textOf)) {
        const name = memberName(href, collectionPath);
        const resource =
          name === undefined ? undefined : await getResource(deps.db, user, collection.id, name);
        responses.push(
          resource
            ? responseNode(describeResource(user, collection, resource), requested)
            : statusResponse(href, "404 Not Found"),
        );
      }
      return sendMultistatus(reply, responses);
    }

    if (sameName(kind, c("calendar-query"))) {
      const resources = queriesTasks(root) ? await listResources(deps.db, user, collection.id) : [];
      return sendMultistatus(
        reply,
        resources.map((resource) => responseNode(describeResource(user, collection, resource), requested)),
      );
    }

    if (sameName(kind, d("sync-collection"))) {
      const tokenText = textOf(firstChild(root, d("sync-token")));
      const since = tokenText ? versionOfSyncToken(tokenText) : undefined;
      if (tokenText && since === undefined) {
        return sendError(reply, 403, dav("valid-sync-token"), "This sync token was not given by this server");
      }
      const { version, changed, removed } = await changesSince(deps.db, user, collection.id, since);
      if (since !== undefined && since > version) {
        return sendError(reply, 403, dav("valid-sync-token"), "This sync token is newer than the collection");
      }
      return sendMultistatus(
        reply,
        [
          ...changed.map((resource) => responseNode(describeResource(user, collection, resource), requested)),
          ...removed.map((name) =>
            statusResponse(`${collectionPath}${encodeURIComponent(name)}`, "404 Not Found"),
          ),
        ],
        [dav("sync-token", [syncTokenOf(deps.config.publicUrl, version)])],
      );
    }

    return sendError(
      reply,
      403,
      dav("supported-report"),
      "Supported reports: calendar-query, calendar-multiget, sync-collection",
    );
  }
};
