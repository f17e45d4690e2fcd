import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { chooseTheme, THEME_CHOICES, type ThemeChoice } from "@/lib/theme";
import { useFocusFirstItemOnce, type OnDemandOpening } from "./on-demand-menu";
import { THEME_LABELS, ThemeMenuButton, type ThemeMenuProps } from "./theme-menu";

/** The theme menu: System, Light or Dark. Loaded when first opened (ThemeMenu), so it starts open. */
export function ThemeMenuDropdown({ choice, openedWithKeyboard }: ThemeMenuProps & OnDemandOpening) {
  const focusFirstItem = useFocusFirstItemOnce(openedWithKeyboard);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <ThemeMenuButton choice={choice} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" onFocus={focusFirstItem}>
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={choice} onValueChange={(value) => chooseTheme(value as ThemeChoice)}>
          {THEME_CHOICES.map((option) => (
            <DropdownMenuRadioItem key={option} value={option}>
              {THEME_LABELS[option]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
