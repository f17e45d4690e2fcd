import {
  useRef,
  useState,
  type ComponentType,
  type FocusEvent,
  type MouseEvent,
  type ReactNode,
} from "react";

/** What the stand-in trigger needs to start the download early and to open the menu. */
export interface OnDemandTriggerProps {
  onClick: (event: MouseEvent) => void;
  onPointerEnter: () => void;
  onFocus: () => void;
}

/** Given to the real menu: how it was first opened. */
export interface OnDemandOpening {
  /**
   * Opened with Enter or Space: as Radix does for a keyboard opening, the menu focuses its
   * first item (Radix cannot tell, having mounted after the key was pressed).
   */
  openedWithKeyboard: boolean;
}

/**
 * For a menu content's onFocus: the first time Radix focuses the opened menu, its first item
 * takes the focus instead when the menu was opened from the keyboard.
 */
export function useFocusFirstItemOnce(keyboard: boolean) {
  const pending = useRef(keyboard);
  return (event: FocusEvent<HTMLElement>) => {
    if (!pending.current || event.target !== event.currentTarget) return;
    pending.current = false;
    event.currentTarget
      .querySelector<HTMLElement>(
        ':is([role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]):not([data-disabled])',
      )
      ?.focus();
  };
}

/** A download started once and shared; a failed one is tried again the next time. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

interface OnDemandMenuProps<Props extends object> {
  /** The real menu (Radix, with its popper or dialog code), rendered already open. */
  load: () => Promise<ComponentType<Props & OnDemandOpening>>;
  props: Props;
  /** The menu's button as it shows before the menu is first opened. */
  trigger: (events: OnDemandTriggerProps) => ReactNode;
  /** The menu was first opened (the real menu reports later openings itself). */
  onFirstOpen?: () => void;
  /**
   * Whose menu it is, where one element serves several in turn (a task card kept for another
   * task): a menu opened for one owner is gone, closed, once another owns it.
   */
  owner?: string;
}

/**
 * A shell menu whose code downloads when it is first wanted rather than with every signed-in
 * screen (docs/performance.md, JavaScript per route): until then only its button shows. Pointing
 * at the button or focusing it starts the download; clicking it (or Enter / Space) shows the real
 * menu, open, which from then on stays in place of the button and behaves as Radix's own.
 */
export function OnDemandMenu<Props extends object>({
  load,
  props,
  trigger,
  onFirstOpen,
  owner,
}: OnDemandMenuProps<Props>) {
  const [opened, setOpened] = useState<{
    Menu: ComponentType<Props & OnDemandOpening>;
    keyboard: boolean;
    owner?: string;
  }>();
  if (opened && opened.owner !== owner) setOpened(undefined);
  else if (opened) return <opened.Menu {...props} openedWithKeyboard={opened.keyboard} />;
  const preload = () => void load().catch(() => undefined);
  return trigger({
    onPointerEnter: preload,
    onFocus: preload,
    onClick: (event) => {
      // A click from Enter or Space has no pointer position and no click count.
      const keyboard = event.detail === 0;
      load().then(
        (Menu) => {
          setOpened({ Menu, keyboard, owner });
          onFirstOpen?.();
        },
        // Not downloaded (offline without the cached app): the button stays; a click tries again.
        () => undefined,
      );
    },
  });
}
