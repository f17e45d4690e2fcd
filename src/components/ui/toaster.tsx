import { Toaster as Sonner, toast } from "sonner";

/** The one toast outlet (sonner); `toast` is re-exported so features import it from here. */
export function Toaster() {
  return <Sonner position="top-right" richColors closeButton />;
}

export { toast };
