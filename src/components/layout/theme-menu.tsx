import { Monitor, Moon, Sun } from "lucide-react";
import { useSyncExternalStore, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { readThemeChoice, subscribeThemeChoice, type ThemeChoice } from "@/lib/theme";
import { OnDemandMenu, once } from "./on-demand-menu";

export const THEME_LABELS: Record<ThemeChoice, string> = { system: "System", light: "Light", dark: "Dark" };
const ICONS = { system: Monitor, light: Sun, dark: Moon };

export interface ThemeMenuProps {
  choice: ThemeChoice;
}

/** The theme menu's button: the chosen theme's icon. */
export function ThemeMenuButton({ choice, ...props }: ThemeMenuProps & ComponentProps<typeof Button>) {
  const Icon = ICONS[choice];
  return (
    <Button variant="ghost" size="icon" aria-label={`Theme: ${THEME_LABELS[choice]}`} {...props}>
      <Icon aria-hidden />
    </Button>
  );
}

const loadDropdown = once(() => import("./theme-menu-dropdown").then((module) => module.ThemeMenuDropdown));

/**
 * The header's theme switch: System, Light or Dark, remembered in this browser. Its menu's code
 * (./theme-menu-dropdown, with Radix's menu) downloads when it is first wanted, not with every
 * screen's first render.
 */
export function ThemeMenu() {
  const choice = useSyncExternalStore(subscribeThemeChoice, readThemeChoice, () => "system" as const);
  return (
    <OnDemandMenu
      load={loadDropdown}
      props={{ choice }}
      trigger={(events) => (
        // What Radix's trigger says of itself, until the real one takes its place.
        <ThemeMenuButton choice={choice} aria-haspopup="menu" aria-expanded={false} {...events} />
      )}
    />
  );
}
