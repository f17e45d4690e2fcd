import { useMutation } from "@tanstack/react-query";
import { queryKeys } from "../query-keys";
import { emptyTrash } from "./trash-queries";

/** "Empty trash": what is in it is deleted for good. */
export function useEmptyTrash() {
  return useMutation({
    mutationFn: emptyTrash,
    meta: { invalidates: [queryKeys.tasks.trash()], errorMessage: "Failed to empty the trash" },
  });
}
