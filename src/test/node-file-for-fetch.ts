import { File as NodeFile } from "node:buffer";

/**
 * Node 24's fetch (undici 7) wraps each Blob of a form body in whatever `File` the global object
 * holds at that moment. Under the jsdom environment that is jsdom's File, whose bytes undici
 * cannot read: an uploaded file reached msw as an empty part. Requests are built with Node's own
 * File in place (Node 20 never looks it up). Runs before msw loads: its request class extends
 * the global Request as it is then.
 */
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
