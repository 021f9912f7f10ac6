import { Slot } from '@radix-ui/react-slot';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type {
  ComponentProps,
  ComponentType,
  JSXElementConstructor,
  KeyboardEvent,
  PointerEvent,
  ReactNode,
  RefObject,
  SyntheticEvent,
} from 'react';
import type { LazyParts } from './lazy-parts';

type TriggerProps = ComponentProps<'button'> & { asChild?: boolean };

/** What a Radix overlay module provides for its root and trigger. */
interface OverlayParts {
  Root: ComponentType<{
    open: boolean;
    onOpenChange: (open: boolean) => void;
    children?: ReactNode;
  }>;
  Trigger: ComponentType<TriggerProps>;
}

interface OverlayRootProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}

interface OverlayRoot {
  setOpen: (open: boolean) => void;
  /** Whether the overlay is open, as of the last render. */
  isOpen: RefObject<boolean>;
  /** The stand-in trigger, to give the focus to the real one that replaces it. */
  standIn: RefObject<HTMLElement | null>;
  /** The real trigger, once the code has arrived. */
  realTrigger: RefObject<HTMLElement | null>;
  /** Set by the stand-in when a key asks the overlay open. */
  openedByKey: RefObject<boolean>;
  /** Was the overlay asked open with a key before its code arrived? Answers once. */
  takeOpenedByKey: () => boolean;
}

/** Radix's order: the caller's handler first; one that prevents the event skips ours. */
function compose<E extends SyntheticEvent>(
  theirs: ((event: E) => void) | undefined,
  ours: (event: E) => void,
) {
  return (event: E) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}

/**
 * A menu, popover or dialog whose Radix code (and the positioning, focus-trap and scroll-lock
 * code under it) loads when first used, not with the screen. Until then the root renders its
 * children as they are and the trigger is a stand-in that looks and reads like the closed real
 * one: the pointer resting on it or the focus reaching it starts the download, and the gesture
 * that opens the real trigger (`opensOn`) opens it, so the first open needs no second try.
 * When the code arrives every overlay of the kind swaps in its Radix parts; a stand-in that had
 * the focus hands it to the real trigger. An overlay opened in code (a controlled `open`)
 * loads its parts then.
 */
export function lazyOverlay<P extends OverlayParts>(
  parts: LazyParts<P>,
  trigger: { popup: 'menu' | 'dialog'; opensOn: 'pointerdown' | 'click' },
) {
  const RootContext = createContext<OverlayRoot | null>(null);

  function Root<R extends OverlayRootProps>({
    open: openProp,
    defaultOpen = false,
    onOpenChange,
    children,
    ...props
  }: R) {
    const loaded = parts.useParts();
    const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
    const open = openProp ?? uncontrolledOpen;
    const isOpen = useRef(open);
    isOpen.current = open;
    const standIn = useRef<HTMLElement | null>(null);
    const realTrigger = useRef<HTMLElement | null>(null);
    const openedByKey = useRef(false);
    const takeOpenedByKey = useCallback(() => {
      const opened = openedByKey.current;
      openedByKey.current = false;
      return opened;
    }, []);
    useEffect(() => {
      if (open) parts.load();
    }, [open]);
    const setOpen = (next: boolean) => {
      if (openProp === undefined) setUncontrolledOpen(next);
      onOpenChange?.(next);
    };
    return (
      <RootContext value={{ setOpen, isOpen, standIn, realTrigger, openedByKey, takeOpenedByKey }}>
        {loaded ? (
          <loaded.Root {...props} open={open} onOpenChange={setOpen}>
            {children}
          </loaded.Root>
        ) : (
          children
        )}
      </RootContext>
    );
  }

  function useRoot(): OverlayRoot {
    const root = use(RootContext);
    if (!root) throw new Error('A lazy overlay part is rendered outside its root.');
    return root;
  }

  function RealTrigger({
    component: Real,
    ...props
  }: TriggerProps & { component: ComponentType<TriggerProps> }) {
    const { standIn, realTrigger } = useRoot();
    const real = useRef<HTMLButtonElement>(null);
    useLayoutEffect(() => {
      if (parts.handOverFocus(standIn.current)) real.current?.focus();
    }, [standIn]);
    return (
      <Real
        {...props}
        ref={composeRefs(props.ref, real, (node: HTMLElement | null) => {
          realTrigger.current = node;
        })}
      />
    );
  }

  function StandInTrigger({ asChild, ...props }: TriggerProps) {
    const { setOpen, isOpen, standIn, realTrigger, openedByKey } = useRoot();
    const Button = asChild ? Slot : 'button';
    const open = () => {
      parts.load();
      setOpen(true);
    };
    /**
     * A click goes to the element both the press and the release were on, and Chromium sends
     * none at all when the pressed element has left the page by the release. So should the
     * code arrive between the two, the stand-in pressed is swapped for the real trigger and the
     * click that would open the overlay never comes: a release on the real trigger opens it
     * instead, once any click of another browser's (which would open it itself) is past.
     */
    const openOnReleaseIfSwapped = (pressed: HTMLElement) => {
      const gesture = new AbortController();
      const options = { capture: true, signal: gesture.signal };
      pressed.ownerDocument.addEventListener(
        'pointerup',
        (up) => {
          gesture.abort();
          const onReal = up.target instanceof Node && realTrigger.current?.contains(up.target);
          if (pressed.isConnected || !onReal) return;
          setTimeout(() => {
            if (!isOpen.current) setOpen(true);
          });
        },
        options,
      );
      pressed.ownerDocument.addEventListener('pointercancel', () => gesture.abort(), options);
    };
    return (
      <Button
        type="button"
        aria-haspopup={trigger.popup}
        aria-expanded={false}
        data-state="closed"
        {...props}
        // Kept after unmounting: the real trigger checks whether this had the focus.
        ref={composeRefs(props.ref, (node: HTMLElement | null) => {
          if (node) standIn.current = node;
        })}
        onPointerEnter={compose(props.onPointerEnter, parts.load)}
        onFocus={compose(props.onFocus, parts.load)}
        onPointerDown={compose(props.onPointerDown, (event: PointerEvent<HTMLElement>) => {
          parts.load();
          if (event.button !== 0 || event.ctrlKey) return;
          if (trigger.opensOn === 'click') {
            openOnReleaseIfSwapped(event.currentTarget);
            return;
          }
          open();
          // As Radix does: the opening content takes the focus, the trigger must not.
          event.preventDefault();
        })}
        onKeyDown={compose(props.onKeyDown, (event: KeyboardEvent) => {
          if (trigger.opensOn !== 'pointerdown') return;
          if (!['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
          openedByKey.current = true;
          open();
          event.preventDefault();
        })}
        onClick={compose(props.onClick, () => {
          if (trigger.opensOn === 'click') open();
        })}
      />
    );
  }

  function Trigger(props: TriggerProps) {
    const loaded = parts.useParts();
    return loaded ? (
      <RealTrigger component={loaded.Trigger} {...props} />
    ) : (
      <StandInTrigger {...props} />
    );
  }

  /** A part used inside the open overlay (content, items): rendered once the code is here. */
  function part<K extends keyof P>(name: K) {
    type Props = P[K] extends JSXElementConstructor<infer Q> ? Q & object : never;
    function Part(props: Props) {
      const loaded = parts.useParts();
      if (!loaded) return null;
      const Loaded = loaded[name] as ComponentType<Props>;
      return <Loaded {...props} />;
    }
    Part.displayName = String(name);
    return Part;
  }

  return { Root, Trigger, part, useRoot };
}

type AnyRef<T> = ((node: T | null) => void) | RefObject<T | null> | null | undefined;

function composeRefs<T>(...refs: AnyRef<T>[]) {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}
