/**
 * The release this server is, read from package.json: the one place the version is written.
 * The server's build inlines just these two fields (esbuild drops the rest of package.json), so a
 * built copy reports the version it was built from.
 */
import { license, version } from "../../package.json";

export const VERSION: string = version;
export const LICENSE: string = license;
