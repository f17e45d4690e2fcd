// A deliberate violation: linted as if it were in src/features/tasks, it imports the extract feature.
import { EXTRACTION_EXAMPLES } from "@/features/extract/examples";

export const examples = EXTRACTION_EXAMPLES;
