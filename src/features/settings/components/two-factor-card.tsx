import { useQuery } from "@tanstack/react-query";
import { Smartphone } from "lucide-react";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import type { TwoFactorSetup } from "@contract/account-security";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api-client";
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useSetUpTwoFactor,
} from "@/api/account-security/account-security-mutations";
import { accountSecurityQueries } from "@/api/account-security/account-security-queries";
import { CodeForm } from "./code-form";

/** Settings → Two-factor sign-in: set up with a QR code, the recovery codes once, or turn it off. */
export function TwoFactorCard() {
  const status = useQuery(accountSecurityQueries.twoFactor());
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Smartphone aria-hidden className="size-4 text-muted-foreground" />
          Two-factor sign-in
        </CardTitle>
        <CardDescription>
          Sign-in asks for a code from an authenticator app as well as your password. CalDAV apps keep signing
          in with their app passwords.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {recoveryCodes ? (
          <RecoveryCodesList codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : status.isPending ? (
          <Skeleton className="h-16" aria-label="Loading two-factor sign-in" />
        ) : status.isError ? (
          <p className="text-sm text-destructive">{errorMessage(status.error, "Failed to load")}</p>
        ) : status.data.enabled ? (
          <TwoFactorOn codesLeft={status.data.recovery_codes_left} />
        ) : (
          <TwoFactorSetUp onEnabled={setRecoveryCodes} />
        )}
      </CardContent>
    </Card>
  );
}

function TwoFactorOn({ codesLeft }: { codesLeft: number }) {
  const disable = useDisableTwoFactor();
  return (
    <>
      <p className="text-sm">
        Two-factor sign-in is <strong>on</strong>. {codesLeft} recovery code{codesLeft === 1 ? "" : "s"} left.
      </p>
      <CodeForm
        label="Code to turn it off"
        submitLabel="Turn off"
        variant="destructive"
        pending={disable.isPending}
        error={disable.error}
        onSubmit={(code) =>
          disable.mutate(code, { onSuccess: () => toast.success("Two-factor sign-in is off") })
        }
      />
    </>
  );
}

function TwoFactorSetUp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setUp = useSetUpTwoFactor();
  const enable = useEnableTwoFactor();
  if (!setUp.data) {
    return (
      <Button className="justify-self-start" disabled={setUp.isPending} onClick={() => setUp.mutate()}>
        Set up two-factor sign-in
      </Button>
    );
  }
  return (
    <>
      <SecretQrCode setup={setUp.data} />
      <CodeForm
        label="Code from the app"
        submitLabel="Turn on"
        pending={enable.isPending}
        error={enable.error}
        onSubmit={(code) => enable.mutate(code, { onSuccess: (answer) => onEnabled(answer.recovery_codes) })}
      />
    </>
  );
}

/** The secret as a QR code for the app to scan, and as text to type in by hand. */
function SecretQrCode({ setup }: { setup: TwoFactorSetup }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    // An SVG: drawn without a canvas, and sharp at any size.
    void QRCode.toString(setup.otpauth_url, { type: "svg", margin: 1, width: 192 }).then((svg) => {
      if (current) setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      current = false;
    };
  }, [setup.otpauth_url]);
  return (
    <div className="grid gap-2 sm:grid-cols-[auto_1fr] sm:items-center sm:gap-4">
      {image ? (
        <img src={image} alt="QR code for your authenticator app" className="size-48 rounded-md border" />
      ) : (
        <Skeleton className="size-48" />
      )}
      <p className="text-sm text-muted-foreground">
        Scan it with your authenticator app, or enter this key:{" "}
        <code className="break-all font-mono text-foreground" data-testid="two-factor-secret">
          {setup.secret}
        </code>
      </p>
    </div>
  );
}

function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <>
      <p className="text-sm">
        Two-factor sign-in is on. Keep these recovery codes somewhere safe: each signs in once without the
        app. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-1 rounded-md border p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button className="justify-self-start" onClick={onDone}>
        I have saved them
      </Button>
    </>
  );
}
