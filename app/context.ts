import { createContext } from "react-router";
import type { AppContext } from "../server/http/context.ts";

// React Router's key for the per-request context; its type belongs to the HTTP layer that fills it.
export type { AppContext };

export const appContext = createContext<AppContext>();
