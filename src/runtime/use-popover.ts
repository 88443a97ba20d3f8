/**
 * One behaviour for every pop-up of the shell (tools grid, Quick Search, user menu, top-nav
 * menus, the theme drawer and the mobile sidebar), following the WAI-ARIA menu-button and
 * dialog patterns:
 * - the button says what it controls (aria-expanded, aria-controls, aria-haspopup);
 * - Enter, Space or ArrowDown open and focus the first item, ArrowUp the last;
 * - inside a menu the arrow keys, Home and End move between items, Tab leaves and closes;
 *   inside a dialog Tab cycles through its controls;
 * - Escape closes and returns focus to the button; a pointer press outside closes.
 * A pop-up whose contents are their own chunk passes `prepare`: opening waits for it (so the
 * first item exists to take the focus), and pointing at or focusing the button starts it early.
 */
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';

export type PopoverKind = 'menu' | 'dialog';

const itemSelector: Record<PopoverKind, string> = {
  menu: '[role="menuitem"]:not([disabled])',
  dialog:
    'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex="0"]',
};

export interface PopoverOptions {
  /** Fetches the panel's contents; the panel opens when it settles (failed or not). */
  prepare?: () => Promise<unknown>;
}

export function usePopover(
  kind: PopoverKind = 'menu',
  controlled?: readonly [boolean, (open: boolean) => void],
  { prepare }: PopoverOptions = {},
) {
  const id = useId();
  const own = useState(false);
  const [open, setOpen] = controlled ?? own;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  const items = useCallback(
    () => [...(panelRef.current?.querySelectorAll<HTMLElement>(itemSelector[kind]) ?? [])],
    [kind],
  );

  const close = useCallback(
    (returnFocus: boolean) => {
      setOpen(false);
      if (returnFocus) buttonRef.current?.focus();
    },
    [setOpen],
  );

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current) {
      const list = items();
      (focusOnOpen.current === 'last' ? list.at(-1) : list[0])?.focus();
      focusOnOpen.current = null;
    }
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, items, setOpen]);

  const show = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    if (!prepare) return setOpen(true);
    const reveal = () => setOpen(true);
    prepare().then(reveal, reveal);
  };

  const openAt = (where: 'first' | 'last') => {
    if (open) {
      const list = items();
      (where === 'last' ? list.at(-1) : list[0])?.focus();
    } else {
      show(where);
    }
  };

  const warmUp = () => void prepare?.().catch(() => undefined);

  const buttonProps = {
    ref: buttonRef,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': id,
    'aria-haspopup': kind,
    onClick: () => (open ? setOpen(false) : show('first')),
    onPointerEnter: warmUp,
    onFocus: warmUp,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        openAt(event.key === 'ArrowUp' ? 'last' : 'first');
      }
    },
  };

  const panelProps = {
    ref: panelRef,
    id,
    hidden: !open,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      }
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLElement);
      const move = (index: number) => {
        event.preventDefault();
        list[(index + list.length) % list.length]?.focus();
      };
      if (kind === 'dialog') {
        if (event.key !== 'Tab' || list.length === 0) return;
        if (event.shiftKey && at <= 0) move(list.length - 1);
        else if (!event.shiftKey && at === list.length - 1) move(0);
        return;
      }
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowRight':
          return move(at + 1);
        case 'ArrowUp':
        case 'ArrowLeft':
          return move(at < 0 ? -1 : at - 1);
        case 'Home':
          return move(0);
        case 'End':
          return move(-1);
        case 'Tab':
          return setOpen(false);
      }
    },
    // Choosing an entry closes the menu; the page it opens takes the focus.
    onClick: (event: MouseEvent) => {
      if (kind === 'menu' && (event.target as Element).closest('[role="menuitem"]')) {
        setOpen(false);
      }
    },
  };

  return { open, setOpen, close, buttonProps, panelProps };
}

export type PopoverButtonProps = ReturnType<typeof usePopover>['buttonProps'];
export type PopoverPanelProps = ReturnType<typeof usePopover>['panelProps'];
