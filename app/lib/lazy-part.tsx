import { type ComponentType, createElement, lazy } from "react";

/**
 * React.lazy that a loader can load ahead. A lazy component suspends the first time it renders
 * even when its code is already here, and a boundary new to the page then shows its fallback for a
 * frame; a part whose `preload()` has resolved renders at once instead, so a page a navigation
 * shows is whole when it appears (its sections there to scroll to, nothing above them arriving late).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Part(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  return Object.assign(Part, { preload });
}
