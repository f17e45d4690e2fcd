import { File as NodeFile } from "node:buffer";

/**
 * Node 24's fetch (undici 7) wraps each Blob of a form body in whatever `File` the global object
 * holds at that moment. Under the jsdom environment that is jsdom's File, which neither reads a
 * Node Blob nor is a file undici can send: an uploaded file reached msw as an empty part. Requests
 * are built with Node's own File in place (Node 20 never looks it up). The first setup file: a
 * class extending the global Request (msw's) inherits the patch only if it is there when that
 * class is defined.
 */
const patched = Symbol.for("tasklane.request-with-node-file");
// A worker runs this again for each test file in the same window (isolate: false): patch once.
if (!(patched in globalThis)) {
  Object.defineProperty(globalThis, patched, { value: true });
  globalThis.Request = new Proxy(globalThis.Request, {
    construct(target, args, newTarget) {
      const jsdomFile = globalThis.File;
      globalThis.File = NodeFile as unknown as typeof File;
      try {
        return Reflect.construct(target, args, newTarget) as object;
      } finally {
        globalThis.File = jsdomFile;
      }
    },
  });
}
