import { Copy } from "lucide-react";
import { useId } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";

/** Copies a secret (or a configuration holding one), saying whether it worked. */
export async function copySecret(value: string, what: string) {
  try {
    // navigator.clipboard is missing outside secure contexts (plain http on another host).
    if (!navigator.clipboard) throw new Error("Clipboard unavailable");
    await navigator.clipboard.writeText(value);
    toast.success(`${what} copied`);
  } catch {
    toast.error("Could not copy", { description: `Select the ${what.toLowerCase()} and copy it by hand.` });
  }
}

/**
 * A secret the server gives out once (a token, a signing secret): shown with a copy button until
 * the user says they have it; after that only the server's hash or copy remains.
 */
export function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const id = useId();
  return (
    <Alert aria-live="polite">
      <AlertTitle>Copy your {label.toLowerCase()} now</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>It is shown only this once.</p>
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <div className="flex gap-2">
          <Input
            id={id}
            readOnly
            value={value}
            className="font-mono"
            onFocus={(event) => event.target.select()}
          />
          <Button
            type="button"
            variant="outline"
            className="shrink-0"
            onClick={() => void copySecret(value, label)}
          >
            <Copy aria-hidden />
            Copy
          </Button>
        </div>
        <div>
          <Button type="button" variant="secondary" size="sm" onClick={onDone}>
            Done
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
