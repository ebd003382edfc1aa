import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

// An action a visitor starts, is asked to sign in (or sign up) for, and finds waiting when they
// come back (issue 36: "sign-in returns to the page the user was on with the started action
// completed or offered"). The way back is the page's own address with the action as its fragment
// (`/?keywords=water#save-search`): the sign-in page keeps fragments (common/redirect.ts), the
// server never sees them (no loader or page cache changes), and without JavaScript the browser
// scrolls to the element of that id and opens the <details> around it.

export type ResumeAction = "save-search" | "send-message" | "write-review";

/** `path` (a page, its query kept) coming back with `action` waiting. */
export function resumeAt(path: string, action: ResumeAction): string {
  return `${path.split("#")[0]}#${action}`;
}

/**
 * Runs `resume` once when this page was reached with `action` waiting and the component can do it
 * (`ready`: e.g. the visitor is now signed in). The fragment is then dropped from the address
 * without a navigation (no loader runs again), so a reload or Back does not start it twice.
 */
export function useResume(action: ResumeAction, ready: boolean, resume: () => void) {
  const { hash } = useLocation();
  const done = useRef(false);
  const latest = useRef(resume);
  latest.current = resume;
  const waiting = ready && hash === `#${action}`;
  useEffect(() => {
    if (!waiting || done.current) return;
    done.current = true;
    latest.current();
    if (window.location.hash === `#${action}`) {
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
    }
  }, [waiting, action]);
}
