import { DELETION_FRAGMENT_KEYS } from "@contract/account-security";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";

/** What a re-login at the OpenID Provider brought back to Settings: a confirmation, or why none. */
export interface DeletionLanding {
  confirmation: string | null;
  error: string | null;
}

/**
 * Reads the fragment the server's callback put on /settings once, and takes it out of the address
 * bar and the history (a confirmation works once, and only for a few minutes).
 */
export function useDeletionLanding(): DeletionLanding | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [landing] = useState((): DeletionLanding | null => {
    const fragment = new URLSearchParams(location.hash.slice(1));
    const confirmation = fragment.get(DELETION_FRAGMENT_KEYS.confirmation);
    const error = fragment.get(DELETION_FRAGMENT_KEYS.error);
    return confirmation || error ? { confirmation, error } : null;
  });
  const cleared = useRef(false);
  useEffect(() => {
    if (!landing || cleared.current) return;
    cleared.current = true;
    void navigate(location.pathname, { replace: true });
  }, [landing, location.pathname, navigate]);
  return landing;
}
