// @lingui/react imports `use-sync-external-store/shim`, a polyfill for React before 18. React 19
// has the hook itself: this module stands in for the shim in the build (vite.config.ts), so the
// browser does not download a copy of what React already does.
export { useSyncExternalStore } from "react";
