import { writeFileSync } from "node:fs";
import { openApiDocument } from "../server/src/openapi-document";

/** Writes the OpenAPI document the server serves to docs/openapi.json (npm run openapi). */
const document = await openApiDocument();
writeFileSync(new URL("../docs/openapi.json", import.meta.url), `${JSON.stringify(document, null, 2)}\n`);
